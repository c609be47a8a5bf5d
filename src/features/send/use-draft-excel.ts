import { useMemo, useState } from 'react';
import { useDraftSheet } from '../../sync/hooks/use-draft-sheet';
import { useExcelSource, type ExcelSource } from './use-excel-source';

export type DraftExcel = {
  excel: ExcelSource;
  /** What the file field shows: the chosen file, or a stand-in named after the kept one. */
  file: File | null;
  onFile(file: File | null): void;
  /** The kept sheet is still being read: the picker waits rather than show no file. */
  restoring: boolean;
  /** After a send: no file shown (the sheet itself is cleared by excel.clear()). */
  forgetFile(): void;
};

/** The send form's spreadsheet, kept with the draft so a reload (or an offline restart) finds it loaded. */
export function useDraftExcel(): DraftExcel {
  const { saved, save, clear } = useDraftSheet();
  const keeper = useMemo(() => ({ save, clear }), [save, clear]);
  const excel = useExcelSource(keeper);
  const [file, setFile] = useState<File | null>(null);
  const [restored, setRestored] = useState(false);

  // Once, as soon as the kept sheet is read; adjusting state while rendering avoids a frame with no file.
  if (!restored && saved !== undefined) {
    setRestored(true);
    if (saved && excel.state.status === 'empty') {
      excel.restore(saved);
      // The file itself is not kept; an empty File of that name lets the field show it and be cleared.
      setFile(new File([], saved.fileName));
    }
  }

  const onFile = (next: File | null) => {
    setFile(next);
    excel.load(next);
  };
  return { excel, file, onFile, restoring: !restored, forgetFile: () => setFile(null) };
}
