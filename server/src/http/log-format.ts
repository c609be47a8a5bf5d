// Dev mode's readable log: each JSON line of the logger as `time LEVEL message key=value ...`, with an
// error's stack under it (docs/operations.md#logs). Production keeps the JSON lines.

const LEVELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: 'INFO', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
/** Fields every line has, shown in their own place or not at all. */
const SHOWN_APART = new Set(['level', 'time', 'msg', 'pid', 'hostname', 'err']);

const clock = (ms: number) => new Date(ms).toISOString().slice(11, 23);

/** One JSON line in readable form; a line that is not JSON is kept as it is. */
export function readableLine(json: string): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return json;
  }
  const level = LEVELS[Number(entry.level)] ?? String(entry.level);
  const fields = Object.entries(entry)
    .filter(([k]) => !SHOWN_APART.has(k))
    .map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`);
  const head = [clock(Number(entry.time)), level.padEnd(5), String(entry.msg ?? ''), ...fields].join(' ');
  const err = entry.err as { stack?: string; message?: string } | undefined;
  return err ? `${head}\n  ${err.stack ?? err.message ?? ''}` : head;
}

/** A stream for the logger that writes each line readable to `out` (stdout by default). */
export function readableLines(out: { write(line: string): void } = process.stdout) {
  return {
    write(chunk: string) {
      for (const line of chunk.split('\n')) if (line) out.write(`${readableLine(line)}\n`);
    },
  };
}
