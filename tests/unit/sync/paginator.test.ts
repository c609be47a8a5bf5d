import { describe, expect, it } from 'vitest';
import { Paginator } from '../../../src/sync/paginator';

const deferred = () => {
  let resolve!: (v: { done: boolean }) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<{ done: boolean }>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
};

describe('Paginator', () => {
  it('goes idle → loading → idle, and done at the end, where it stops loading', async () => {
    const p = new Paginator();
    const seen: string[] = [];
    p.subscribe(() => seen.push(p.snapshot().status));
    await p.run(async () => ({ done: false }));
    await p.run(async () => ({ done: true }));
    let called = false;
    await p.run(async () => ((called = true), { done: false }));
    expect(seen).toEqual(['loading', 'idle', 'loading', 'done']);
    expect(called).toBe(false);
  });

  it('keeps one load in flight: a second scroll joins the first', async () => {
    const p = new Paginator();
    const d = deferred();
    let calls = 0;
    const first = p.run(() => ((calls += 1), d.promise));
    const second = p.run(() => ((calls += 1), d.promise));
    d.resolve({ done: false });
    await Promise.all([first, second]);
    expect(calls).toBe(1);
  });

  it('runs a search after the load in flight, the latest search winning, even after the end', async () => {
    const p = new Paginator();
    const d = deferred();
    const ran: string[] = [];
    const scroll = p.run(() => (ran.push('scroll'), d.promise));
    const a = p.run(async () => (ran.push('search a'), { done: true }), true);
    const b = p.run(async () => (ran.push('search b'), { done: true }), true);
    d.resolve({ done: true });
    await Promise.all([scroll, a, b]);
    expect(ran).toEqual(['scroll', 'search b']);
    await p.run(async () => (ran.push('refresh'), { done: false }), true);
    expect(ran.at(-1)).toBe('refresh');
    expect(p.snapshot().status).toBe('idle');
  });

  it('reports a failed load as error and lets the next try run', async () => {
    const p = new Paginator();
    await p.run(async () => {
      throw new Error('offline');
    });
    expect(p.snapshot()).toMatchObject({ status: 'error', error: new Error('offline') });
    await p.run(async () => ({ done: false }));
    expect(p.snapshot().status).toBe('idle');
  });
});
