import { describe, expect, it } from 'vitest';
import { memoryLock } from '../../../src/outbox/origin-lock';

describe('memoryLock (the fallback without Web Locks)', () => {
  it('runs holders one after another, in order', async () => {
    const log: string[] = [];
    const task = (name: string) => async () => {
      log.push(`${name} in`);
      await new Promise((r) => setTimeout(r, 5));
      log.push(`${name} out`);
    };
    const never = new AbortController().signal;
    await Promise.all([
      memoryLock('x', task('a'), never),
      memoryLock('x', task('b'), never),
      memoryLock('y', task('c'), never),
    ]);
    expect(log.indexOf('a out')).toBeLessThan(log.indexOf('b in'));
    expect(log.indexOf('c in')).toBeLessThan(log.indexOf('a out'));
  });

  it('lets a waiter give up without running, and the next one still waits for the holder', async () => {
    const log: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    const never = new AbortController().signal;
    const holder = memoryLock(
      'z',
      async () => {
        log.push('holder');
        await held;
      },
      never,
    );
    const quitter = new AbortController();
    const gaveUp = memoryLock('z', async () => void log.push('quitter'), quitter.signal);
    const next = memoryLock('z', async () => void log.push('next'), never);
    quitter.abort();
    await gaveUp;
    await new Promise((r) => setTimeout(r, 5));
    expect(log).toEqual(['holder']);
    release();
    await Promise.all([holder, next]);
    expect(log).toEqual(['holder', 'next']);
  });
});
