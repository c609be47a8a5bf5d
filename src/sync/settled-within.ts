/** Resolves once `work` has settled, either way, or after `atMostMs`, whichever comes first. */
export function settledWithin(work: Promise<unknown>, atMostMs: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, atMostMs);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    work.then(done, done);
  });
}
