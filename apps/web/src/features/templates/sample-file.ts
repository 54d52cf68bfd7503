import { PREVIEW_MAX_BYTES, TEMPLATE_MSG } from '@tideline/contracts/templates/templates.schemas';

export interface SampleFile {
  fileName: string;
  contentBase64: string;
  /** Identifies the file in the preview's query key. */
  key: string;
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) {
    binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  }
  return btoa(binary);
}

/** Reads a dropped or chosen sample file for POST /api/templates/preview (at most 5 MB). */
export async function readSampleFile(file: File): Promise<SampleFile> {
  if (file.size > PREVIEW_MAX_BYTES) throw new Error(TEMPLATE_MSG.fileTooLarge);
  const bytes = new Uint8Array(await file.arrayBuffer());
  return {
    fileName: file.name,
    contentBase64: toBase64(bytes),
    key: `${file.name}:${file.size}:${file.lastModified}`,
  };
}
