/** Starts something loaded on demand; the returned stop works before the load has finished too. */
export function lazyStart(load: () => Promise<() => void>): () => void {
  let stopped = false;
  let stop: (() => void) | null = null;
  void load().then((started) => {
    if (stopped) started();
    else stop = started;
  });
  return () => {
    stopped = true;
    stop?.();
  };
}
