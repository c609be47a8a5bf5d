// The status report's file name, apart from the workbook's code (xlsx), which only its worker loads.

/** A file name that every system accepts. */
export function reportFileName(label: string): string {
  const safe = label
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `status-report-${safe || 'message'}.xlsx`;
}
