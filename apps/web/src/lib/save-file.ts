// Saving a file in the browser: once the bytes are here (a blob) or from a signed download link.

/** Hands a blob to the browser's download under the given name. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled: revoking at once can cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * Fetches a signed download link without the authorization header (the link carries its own
 * signature; spec 7) and saves what it answers.
 */
export async function saveSignedDownload(url: string, fileName: string): Promise<void> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`The download answered ${response.status}.`);
  saveBlob(await response.blob(), fileName);
}
