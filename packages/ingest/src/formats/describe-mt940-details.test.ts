import { describe, expect, it } from 'vitest';
import { describeMt940Details } from './describe-mt940-details.js';

describe('describeMt940Details: German structured :86: (issue 39 point 5)', () => {
  it('adds the counterparty of ?32/?33, a name cut across the two joined with nothing lost', () => {
    // From the betterplace SEPA sample: SWIFT cut the 65-character lines inside "Fuel|lzeichen".
    const details = [
      '166?00GUTSCHRIFT?100399?20SVWZ+TO13 TF20005 MINT?30PBNKDEFF100?31',
      'DE42100100100043921105?32Richter Renate 70 Zeichen B?33eginn Fuel',
      'lzeichen xxxxxxxx?70Quentin Quast 70 Zeichen Be?71ginn Fuellzeich',
      'en xxxxxxxxx',
    ].join('\n');
    expect(describeMt940Details(details, undefined, '')).toBe(
      'GUTSCHRIFT TO13 TF20005 MINT Richter Renate 70 Zeichen Beginn Fuellzeichen xxxxxxxx',
    );
  });

  it('reads padding in a name as one space, and a line break the bank chose as a space', () => {
    const padded = '166?00GUTSCHRIFT?20SVWZ+Verw 22?32KARL?33        KAUFMANN';
    expect(describeMt940Details(padded, undefined, '')).toBe('GUTSCHRIFT Verw 22 KARL KAUFMANN');
    // Short lines: the bank broke them between words ("Stadtwerke" / "Musterstadt").
    const short = '105?00LASTSCHRIFT?20SVWZ+Strom Januar?32Stadtwerke\nMusterstadt';
    expect(describeMt940Details(short, undefined, '')).toBe(
      'LASTSCHRIFT Strom Januar Stadtwerke Musterstadt',
    );
    const description = describeMt940Details(short, undefined, '');
    expect(description).not.toMatch(/[\r\n]/);
  });

  it('names the counterparty once when the purpose already holds it, and keeps a break before a subfield', () => {
    const details = '166?00GUTSCHRIFT?20SVWZ+Miete von Max Muster\n?32Max Muster';
    expect(describeMt940Details(details, undefined, '')).toBe('GUTSCHRIFT Miete von Max Muster');
  });

  it('leaves unstructured :86: text, :NS: and supplementary details as before', () => {
    expect(describeMt940Details('/NAME/JOHN DOE/REMI/Rent', undefined, '')).toBe('/NAME/JOHN DOE/REMI/Rent');
    expect(describeMt940Details(undefined, '20Fee\n21Monthly', 'x')).toBe('Fee\nMonthly');
    expect(describeMt940Details(undefined, undefined, 'SUPPLEMENTARY')).toBe('SUPPLEMENTARY');
  });
});
