// Downloads are attachments under a name no browser can misread (security issue 14 point 8).

const MAX_NAME_CHARS = 255;

/** Control characters (C0, DEL, C1), path separators and halves of surrogate pairs. */
function isUnsafeInName(char: string): boolean {
  const code = char.codePointAt(0)!;
  if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
  return char === '/' || char === '\\' || (code >= 0xd800 && code <= 0xdfff);
}

/**
 * The name a download is offered under: no control characters, no path separators (a browser must
 * never see a folder in it), no half of a surrogate pair, at most 255 characters.
 */
export function toSafeFileName(fileName: string): string {
  const chars = Array.from(fileName, (char) => (isUnsafeInName(char) ? '_' : char));
  const name = chars.slice(0, MAX_NAME_CHARS).join('').trim();
  return name === '' ? 'download' : name;
}

export function isSafeFileName(fileName: string): boolean {
  return fileName.length > 0 && toSafeFileName(fileName) === fileName;
}

// RFC 5987 attr-char: everything else is percent-encoded, byte by byte, from UTF-8.
const ATTR_CHAR = /[A-Za-z0-9!#$&+\-.^_`|~]/;

function encodeRfc5987(value: string): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const char = String.fromCharCode(byte);
    out +=
      byte < 0x80 && ATTR_CHAR.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/**
 * RFC 6266 Content-Disposition: an ASCII fallback for old clients (anything else, quotes and % become
 * '_') and the exact UTF-8 name in filename*. The header is pure ASCII, so no name can make it throw.
 */
export function formatAttachmentDisposition(fileName: string): string {
  const name = toSafeFileName(fileName);
  const fallback = name.replace(/[^\x20-\x7e]|["%]/gu, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeRfc5987(name)}`;
}
