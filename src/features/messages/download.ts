import { XLSX_MIME } from '../../excel/export-file';

/** Hands bytes to the browser as a file download. */
export function downloadBytes(bytes: Uint8Array, fileName: string, type = XLSX_MIME): void {
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
