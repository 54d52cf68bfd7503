import { describe, expect, it } from 'vitest';
import { readOwn } from '../../test/fixture-path.js';
import { detectFormat } from '../formats/detect-format.js';
import { parseCamt086 } from './parse-camt086.js';

describe('parseCamt086', () => {
  it('reads fee rows with AFP codes, unit price, volume and charge, balances and the ECR', async () => {
    const bytes = readOwn('camt086_v02_afp_fees_balances_ecr.xml');
    expect(detectFormat(bytes, 'billing.xml')).toEqual({ ok: true, value: 'camt.086' });
    const result = await parseCamt086(bytes);
    if (!result.ok) throw new Error(result.error.message);
    const [statement] = result.value;
    expect(statement).toMatchObject({
      statementId: 'STMT-0001',
      accountNumber: '000123456789',
      currency: 'USD',
      fromDate: '2024-01-01',
      toDate: '2024-01-31',
    });
    expect(statement?.fees).toEqual([
      {
        accountNumber: '000123456789',
        bankCode: 'ACH-ORIG',
        afpCode: '250201',
        description: 'ACH Originated Item',
        serviceType: null,
        unitPrice: '0.045',
        volume: '1520',
        amount: '68.4',
        currency: 'USD',
      },
      {
        accountNumber: '000123456789',
        bankCode: 'ACCT-MNT',
        afpCode: '010000',
        description: 'Account Maintenance',
        serviceType: null,
        unitPrice: '35',
        volume: '1',
        amount: '35',
        currency: 'USD',
      },
      {
        accountNumber: '000123456789',
        bankCode: 'CREDIT',
        afpCode: null,
        description: 'Service credit',
        serviceType: null,
        unitPrice: null,
        volume: null,
        amount: '-10',
        currency: 'USD',
      },
    ]);
    expect(statement?.balances).toEqual([
      { accountNumber: '000123456789', code: 'AVCL', description: 'AVCL', amount: '1250000', isRate: false },
      { accountNumber: '000123456789', code: 'ERNC', description: 'ERNC', amount: '477.74', isRate: false },
      { accountNumber: '000123456789', code: 'ECRA', description: 'ecr', amount: '0.45', isRate: true },
    ]);
  });

  it('refuses a DTD (external entities) and a service line without a charge', async () => {
    const withDtd = Buffer.from(
      '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><Document>&e;</Document>',
    );
    expect(await parseCamt086(withDtd)).toMatchObject({
      ok: false,
      error: { kind: 'malformed' },
    });
    const noCharge = Buffer.from(
      '<Document><BkSvcsBllgStmt><BllgStmtGrp><BllgStmt><StmtId>1</StmtId><Svc><SvcDtl><BkSvc><Id>X</Id></BkSvc></SvcDtl></Svc></BllgStmt></BllgStmtGrp></BkSvcsBllgStmt></Document>',
    );
    expect(await parseCamt086(noCharge)).toMatchObject({ ok: false, error: { kind: 'malformed' } });
  });
});
