import { describe, expect, it } from 'vitest';
import { readShared } from '../../test/fixture-path.js';
import { extractFile } from '../extract-file.js';
import { detectFormat } from './detect-format.js';

const BAI2 = readShared('bai2/moj_citi_gbp_88_without_slash.bai2');
const MT940 = readShared('mt940/rabobank_iban_structured_86.sta');
const CAMT = readShared('camt053/genkgo_camt053_v02_two_statements.xml');
const OFX = readShared('ofx/ofxparse_bank_medium_sgml_v102_cad.ofx');

/** The bank formats' own extensions (and a few a bank may pick), each with content it may hold. */
describe('detectFormat reads the content, whatever the extension', () => {
  it.each([
    ['x.qbo', 'ofx', OFX],
    ['x.ofx', 'ofx', OFX],
    ['x.940', 'mt940', MT940],
    ['x.sta', 'mt940', MT940],
    ['x.dat', 'bai2', BAI2],
    ['x.bai', 'bai2', BAI2],
    ['x.bai2', 'bai2', BAI2],
    ['x.053', 'camt', CAMT],
    // The name says one format, the content another: the content wins.
    ['x.ofx', 'camt', CAMT],
    ['x.sta', 'bai2', BAI2],
    ['x.dat', 'mt940', MT940],
    ['x.053', 'ofx', OFX],
  ])('%s holding %s: detected and read as its content says', async (fileName, format, bytes) => {
    expect(detectFormat(bytes, fileName)).toEqual({ ok: true, value: format });
    const result = await extractFile(bytes, { fileName });
    expect(result.ok && result.value.kind === 'statements' && result.value.format).toBe(format);
    expect(result.ok && result.value.kind === 'statements' && result.value.rows.length).toBeGreaterThan(0);
  });

  it('detects an MT940 whose first page has no :20:', () => {
    const page = ':25:NL91ABNA0417164300\n:28C:1/1\n:60F:C240101EUR100,00\n:62F:C240101EUR100,00\n-\n';
    expect(detectFormat(Buffer.from(page), 'x.940')).toEqual({ ok: true, value: 'mt940' });
  });
});
