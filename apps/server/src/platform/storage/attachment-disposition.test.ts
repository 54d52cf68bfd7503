import { describe, expect, it } from 'vitest';
import { formatAttachmentDisposition, isSafeFileName, toSafeFileName } from './attachment-disposition';

describe('download file names (RFC 6266)', () => {
  it('keeps a plain name as it is', () => {
    expect(formatAttachmentDisposition('statement.csv')).toBe(
      `attachment; filename="statement.csv"; filename*=UTF-8''statement.csv`,
    );
  });

  it('gives non-Latin-1 names an ASCII fallback and the exact UTF-8 name', () => {
    expect(formatAttachmentDisposition('Relevé 東京.csv')).toBe(
      `attachment; filename="Relev_ __.csv"; filename*=UTF-8''Relev%C3%A9%20%E6%9D%B1%E4%BA%AC.csv`,
    );
    expect(formatAttachmentDisposition('📈 report.pdf')).toBe(
      `attachment; filename="_ report.pdf"; filename*=UTF-8''%F0%9F%93%88%20report.pdf`,
    );
  });

  it('never keeps a path separator, a quote, a percent sign or a control character', () => {
    expect(formatAttachmentDisposition('../../etc/passwd')).toBe(
      `attachment; filename=".._.._etc_passwd"; filename*=UTF-8''.._.._etc_passwd`,
    );
    expect(formatAttachmentDisposition('a\\b"c%41\r\nd.csv')).toBe(
      `attachment; filename="a_b_c_41__d.csv"; filename*=UTF-8''a_b%22c%2541__d.csv`,
    );
  });

  it('turns half of a surrogate pair into _ instead of failing', () => {
    expect(toSafeFileName('a\uD800b.csv')).toBe('a_b.csv');
    expect(() => formatAttachmentDisposition('a\uDC00.csv')).not.toThrow();
  });

  it('names an empty or blank file download and cuts long names at 255 characters', () => {
    expect(toSafeFileName('   ')).toBe('download');
    expect(Array.from(toSafeFileName('東'.repeat(300)))).toHaveLength(255);
    expect(isSafeFileName('a/b.csv')).toBe(false);
    expect(isSafeFileName('Relevé 東京.csv')).toBe(true);
  });
});
