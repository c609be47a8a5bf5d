// Ghana numbers for tests. The simulated carrier sends every number except those ending in 13 (FAILED) and 99 (held PENDING).

const freshBlock = (size: number) => 241_000_000 + Math.floor(Math.random() * 700_000) * size;

/** Numbers no other test uses, 10 apart and each ending in 1 (so all are SENT by the simulated carrier). */
export function freshNumbers(count: number): string[] {
  const base = freshBlock(10);
  return Array.from({ length: count }, (_, i) => `233${base + i * 10 + 1}`);
}

/** One number no other test uses for each wanted ending (0 to 99), e.g. [1, 13, 99]: one SENT, one FAILED, one held. */
export function freshNumbersEnding(endings: readonly number[]): string[] {
  const base = freshBlock(100);
  return endings.map((ending) => `233${base + ending}`);
}

/** The numbers 23324NNNNNNN for start..start+count-1. */
export const numbersFrom = (start: number, count: number) =>
  Array.from({ length: count }, (_, i) => `23324${String(start + i).padStart(7, '0')}`);
