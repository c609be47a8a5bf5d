/** Content types of the image extensions accepted for logos and backgrounds (docs/product.md#reseller-settings; plus svg for seeds). */
export const IMAGE_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  tiff: 'image/tiff',
  bmp: 'image/bmp',
};

/** Only names the gateway itself made: no path separators, no dot-files, a known extension. */
export function isSafeImageName(file: string): boolean {
  return /^[A-Za-z0-9_-]{1,80}\.[a-z]{3,4}$/.test(file) && (file.split('.').pop() ?? '') in IMAGE_TYPES;
}
