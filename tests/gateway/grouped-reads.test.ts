// Reads grouped while one is under way (server/src/db/grouped-reads.ts): what the short links' redirect
// reads its links and delivery times with.
import { describe, expect, it } from 'vitest';
import { groupedReads } from '../../server/src/db/grouped-reads';
import { yieldToLoop } from '../../server/src/core/event-loop';

describe('grouped reads', () => {
  it('reads the keys asked in one turn of the event loop together, and those asked while a read is under way in the next, each caller getting its own value', async () => {
    const reads: number[][] = [];
    const read = groupedReads(async (keys: readonly number[]) => {
      reads.push([...keys]);
      await yieldToLoop();
      return new Map(keys.filter((k) => k % 7 !== 0).map((k) => [k, `value ${k}`]));
    });
    const first = read(1);
    // Nothing is read in the caller's own turn: the keys the other sockets bring in it join the read.
    expect(reads).toEqual([]);
    const keys = Array.from({ length: 200 }, (_, k) => k + 2);
    const asked = [first, ...keys.map(read), read(2)];
    // Asked once the first read has begun (a later turn): waits for it, then goes into the next.
    const later = yieldToLoop().then(() => {
      expect(reads).toHaveLength(1);
      return read(1000);
    });
    const values = await Promise.all(asked);
    expect(values[0]).toBe('value 1');
    keys.forEach((k, i) => expect(values[i + 1]).toBe(k % 7 === 0 ? undefined : `value ${k}`));
    expect(values.at(-1)).toBe('value 2');
    expect(await later).toBe('value 1000');
    // Key 2, asked twice, was read once; the 201 keys of the first turn took one read.
    expect(reads).toEqual([[1, ...keys], [1000]]);
  });

  it('reads at most the given number of keys at a time', async () => {
    const sizes: number[] = [];
    const read = groupedReads(async (keys: readonly number[]) => {
      sizes.push(keys.length);
      return new Map(keys.map((k) => [k, k]));
    }, 50);
    const values = await Promise.all(Array.from({ length: 121 }, (_, k) => read(k)));
    expect(values).toEqual([...Array(121).keys()]);
    expect(sizes).toEqual([50, 50, 21]);
  });

  it('fails the callers of a failed read only, and reads again for the next', async () => {
    let failNext = true;
    const read = groupedReads(async (keys: readonly string[]) => {
      await yieldToLoop();
      if (failNext) {
        failNext = false;
        throw new Error('connection lost');
      }
      return new Map(keys.map((k) => [k, k.toUpperCase()]));
    });
    const failed = read('a');
    // Asked once the failing read has begun: it goes into the next read.
    const later = yieldToLoop().then(() => read('b'));
    await expect(failed).rejects.toThrow('connection lost');
    expect(await later).toBe('B');
    expect(await read('c')).toBe('C');
  });
});
