// Accepted upload extensions (docs/product.md#spreadsheets, docs/product.md#reseller-settings).

export const SPREADSHEET_EXTENSIONS = ['xlsx', 'xlsm', 'xls', 'xml'] as const;
export const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif', 'tiff', 'bmp'] as const;

export const SELECT_EXCEL_FILE = 'Kindly select an excel file';
export const SELECT_IMAGE_FILE = 'Kindly select an image file';

// Case-insensitive, since cameras and Windows write .JPG and .XLSX.
export function fileExtension(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0
    ? ''
    : fileName
        .slice(dot + 1)
        .trim()
        .toLowerCase();
}

export const isSpreadsheetFile = (fileName: string): boolean =>
  (SPREADSHEET_EXTENSIONS as readonly string[]).includes(fileExtension(fileName));

export const isImageFile = (fileName: string): boolean =>
  (IMAGE_EXTENSIONS as readonly string[]).includes(fileExtension(fileName));

export function spreadsheetFileError(fileName: string | null | undefined): string | null {
  return fileName && isSpreadsheetFile(fileName) ? null : SELECT_EXCEL_FILE;
}

export function imageFileError(fileName: string | null | undefined): string | null {
  return fileName && isImageFile(fileName) ? null : SELECT_IMAGE_FILE;
}
