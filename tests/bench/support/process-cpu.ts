import { readFileSync, readdirSync } from 'node:fs';

/** One live process: its parent, its kind (Chromium's --type, or what runs) and its CPU so far in ms. */
interface ProcessCpu {
  pid: number;
  ppid: number;
  kind: string;
  /** Its own utime + stime, and its ended children's it has reaped (cutime + cstime), in ms. */
  ms: number;
}

const TICK_MS = 10; // USER_HZ is 100 on Linux

function read(pid: number): ProcessCpu | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After the command and state: [1] ppid, [11] utime, [12] stime, [13] cutime, [14] cstime (clock ticks).
    const f = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .map(Number);
    // Chromium rewrites its children's command lines into one string, spaces between.
    const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split(/[\0 ]/);
    const type = argv.find((a) => a.startsWith('--type='))?.slice(7);
    const sub = argv.find((a) => a.startsWith('--utility-sub-type='))?.slice(19);
    const kind = type ? (sub ? `${type}:${sub.split('.').pop()}` : type) : argv[0]!.split('/').pop()!;
    return { pid, ppid: f[1]!, kind, ms: (f[11]! + f[12]! + f[13]! + f[14]!) * TICK_MS };
  } catch {
    return null; // it ended meanwhile: its time is in its parent's children's now
  }
}

/**
 * Every live process under `root` (itself included), read from /proc. Summing their `ms` counts the
 * ones that ended too (their time is in their parent's cutime/cstime once reaped), not twice.
 */
export function processTree(root: number): ProcessCpu[] {
  const all = readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map((d) => read(Number(d)))
    .filter((p): p is ProcessCpu => p !== null);
  const byParent = new Map<number, ProcessCpu[]>();
  for (const p of all) byParent.set(p.ppid, [...(byParent.get(p.ppid) ?? []), p]);
  const tree: ProcessCpu[] = [];
  const visit = (pid: number) => {
    for (const child of byParent.get(pid) ?? []) {
      tree.push(child);
      visit(child.pid);
    }
  };
  const self = all.find((p) => p.pid === root);
  if (self) tree.push(self);
  visit(root);
  return tree;
}

/** The children of this process that match (e.g. the Chromium a bench launched, the gateway it started). */
export const childrenOf = (match: (argv0AndArgs: string) => boolean): number[] =>
  readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        return ppid === process.pid && match(readFileSync(`/proc/${d}/cmdline`, 'utf8').replaceAll('\0', ' '));
      } catch {
        return false;
      }
    })
    .map(Number);

/**
 * CPU ms by process kind between two readings of the same tree. A process that started meanwhile counts
 * in full; one that ended counts under its parent's kind (whose reaped children's time now holds it).
 */
export function cpuByKind(before: ProcessCpu[], after: ProcessCpu[]): Map<string, number> {
  const out = new Map<string, number>();
  const add = (kind: string, ms: number) => out.set(kind, (out.get(kind) ?? 0) + ms);
  for (const p of after) add(p.kind, p.ms);
  for (const p of before) add(p.kind, -p.ms);
  return out;
}
