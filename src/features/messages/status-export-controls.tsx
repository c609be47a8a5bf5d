// The status export's button and progress bar, apart from the status screen: the progress of 100 pages
// re-renders only these two, never the table or the report (each render of the whole screen is a
// long task on a slow phone), a few times a second, and the bar is still between steps (moving
// stripes and a sliding width repaint the page every frame).
import { useSyncExternalStore } from 'react';
import { Button, Progress, Stack, Text } from '@mantine/core';
import { reportFileName } from '../../excel/report-file-name';
import { emitAlert } from '../../notify/alerts-bus';
import { noteExport } from '../../sync/security';
import { downloadBytes } from '../../ui/download';
import { exportStatus } from './status-export';
import { numberFormat } from '../../domain/numbers/number-format';

type Progress = { done: number; total: number } | null;

/** How far the export is (null: none running), shared by its button and its progress bar. */
export class ExportProgress {
  private value: Progress = null;
  private readonly listeners = new Set<() => void>();
  readonly get = (): Progress => this.value;
  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };
  set(value: Progress): void {
    this.value = value;
    this.listeners.forEach((l) => l());
  }
}

const useProgress = (store: ExportProgress) => useSyncExternalStore(store.subscribe, store.get);
const number = numberFormat();
/** The progress shown at most this often: each showing is a render, a layout and a paint on the main thread. */
const PROGRESS_EVERY_MS = 400;

/** "Export status report (Excel)": the workbook is written in a worker from the pages (status-export.ts). */
export function ExportButton(props: { store: ExportProgress; messageKey: string; label: string; total: number }) {
  const { store, messageKey, label, total } = props;
  const progress = useProgress(store);
  const exportReport = async () => {
    store.set({ done: 0, total });
    try {
      let shownAt = 0;
      const bytes = await exportStatus(messageKey, (done, all) => {
        const now = performance.now();
        if (now - shownAt < PROGRESS_EVERY_MS && done < all) return;
        shownAt = now;
        store.set({ done, total: all });
      });
      downloadBytes(bytes, reportFileName(label));
      noteExport('status', total);
    } catch {
      emitAlert({ message: 'The status report could not be written. Please try again', severity: 'error' });
    } finally {
      store.set(null);
    }
  };
  return (
    <Button onClick={() => void exportReport()} loading={progress !== null} disabled={total === 0} variant="light">
      Export status report (Excel)
    </Button>
  );
}

/** The export's progress bar and its count of rows written, while it runs. */
export function ExportProgressBar({ store }: { store: ExportProgress }) {
  const progress = useProgress(store);
  if (!progress) return null;
  return (
    <Stack gap={4}>
      <Progress
        value={progress.total > 0 ? (progress.done / progress.total) * 100 : 0}
        aria-label="Status report progress"
        transitionDuration={0}
      />
      <Text size="xs" c="dimmed" role="status">
        Writing the status report: {number.format(progress.done)} of {number.format(progress.total)} rows
      </Text>
    </Stack>
  );
}
