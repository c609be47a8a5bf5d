import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { root } from './lint-text';
import { COMPILE_HINT, COMPILED_AHEAD } from '../../../vite.config';
import { chunksOf, readViteManifest, type ViteManifest } from '../../../server/src/http/vite-manifest';

// The script a cheap phone runs before its first screens, gzipped as it travels, kept under budgets so
// the first screens do not creep back (docs/architecture.md "The first visit"). The test builds the app's
// client (vite.config.ts) into a folder of its own: a chunk that grows past its budget fails by its name.

/** Gzipped bytes a chunk may have, by its name in the build; chunks not named here get OTHER_CHUNK. */
const CHUNK_BUDGETS: Record<string, number> = {
  index: 2_000,
  boot: 9_000,
  'rolldown-runtime': 1_000,
  'first-screen': 50_000,
  root: 80_000,
  'send-screen': 21_500,
  // The signed-in shell's code beyond the visitor's pages (vite.config.ts `signedInShell`): with the
  // sign-up and join forms (zod, Dexie, the session, Mantine's dialogs and menus), then its own.
  'account-forms': 80_000,
  'signed-in': 60_000,
  'date-picker-props': 13_500,
};
const OTHER_CHUNK = 12_000;

/**
 * What each page runs, all its chunks together (gzipped bytes), from the named modules and what they
 * import, and in how many files at most: each costs a cheap phone's main thread a request and a task.
 */
const PAGE_BUDGETS = [
  // Before the visitor first touches the page (src/app/first-touch.ts): the entry alone.
  { page: 'login page at load', modules: ['index.html'], budget: 11_000, files: 3 },
  // At the first touch: React, the app and the login form.
  { page: 'login page once touched', modules: ['index.html', 'src/app/root.tsx'], budget: 142_000, files: 7 },
  // The first screen after sign-in: the signed-in shell and the Send SMS form.
  {
    page: 'first screen after sign-in',
    modules: ['index.html', 'src/app/root.tsx', 'src/app/shell/app-layout.tsx', 'src/features/send/send-screen.tsx'],
    budget: 405_000,
    files: 62,
  },
  // A dashboard opened by its address: the shell, the list and its overview's figures. The overview's
  // charts (recharts) and the scheduled sends' edit dialogs load later, so neither counts here.
  {
    page: 'dashboard',
    modules: [
      'index.html',
      'src/app/root.tsx',
      'src/app/shell/app-layout.tsx',
      'src/features/messages/message-list-screen.tsx',
      'src/features/messages/overview-panel.tsx',
    ],
    budget: 315_000,
    files: 34,
  },
  // A status page opened by its address (a notice, a link in a chat): the shell and the status screen.
  {
    page: 'status page',
    modules: [
      'index.html',
      'src/app/root.tsx',
      'src/app/shell/app-layout.tsx',
      'src/features/messages/status-screen.tsx',
    ],
    budget: 300_000,
    files: 36,
  },
];

let outDir = '';
let manifest: ViteManifest = {};

const gzipped = (key: string) => gzipSync(readFileSync(join(outDir, manifest[key]!.file))).length;
const nameOf = (key: string) => manifest[key]!.name ?? key;

beforeAll(async () => {
  outDir = mkdtempSync(join(tmpdir(), 'script-budget-'));
  // The production build, whatever NODE_ENV the test runner set (React's development build is larger).
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({
      root,
      configFile: join(root, 'vite.config.ts'),
      logLevel: 'error',
      build: { outDir, emptyOutDir: true, copyPublicDir: false },
    });
  } finally {
    process.env.NODE_ENV = nodeEnv;
  }
  manifest = readViteManifest(outDir);
}, 300_000);

afterAll(() => {
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

describe('the first screens keep to their script budgets', () => {
  it.each(PAGE_BUDGETS)(
    '$page: each chunk within its budget, all within $budget bytes and $files files',
    ({ modules, budget, files }) => {
      const chunks = chunksOf(manifest, modules).filter((key) => manifest[key]!.file.endsWith('.js'));
      expect(chunks.length).toBeGreaterThan(0);
      const over = chunks
        .map((key) => ({ chunk: nameOf(key), bytes: gzipped(key), budget: CHUNK_BUDGETS[nameOf(key)] ?? OTHER_CHUNK }))
        .filter((c) => c.bytes > c.budget);
      expect(over).toEqual([]);
      const total = chunks.reduce((sum, key) => sum + gzipped(key), 0);
      expect(total, chunks.map(nameOf).join(', ')).toBeLessThanOrEqual(budget);
      expect(chunks.length, chunks.map(nameOf).join(', ')).toBeLessThanOrEqual(files);
    },
  );

  it('runs neither React nor the app on the login page before the first touch', () => {
    const names = chunksOf(manifest, ['index.html']).map(nameOf);
    expect(names).not.toContain('root');
    expect(names).not.toContain('first-screen');
  });

  it("starts with V8's compile hint the chunks sign-in fetches ahead, and no chunk of the visitor's pages", () => {
    const hinted = (key: string) =>
      readFileSync(join(outDir, manifest[key]!.file), 'utf8').startsWith(`${COMPILE_HINT}\n`);
    const js = Object.keys(manifest).filter((key) => manifest[key]!.file.endsWith('.js'));
    expect(new Set(js.filter(hinted).map(nameOf))).toEqual(COMPILED_AHEAD);
    const signedIn = chunksOf(manifest, ['src/app/shell/app-layout.tsx', 'src/features/send/send-screen.tsx']).map(
      nameOf,
    );
    for (const name of COMPILED_AHEAD) expect(signedIn).toContain(name);
    const visitor = chunksOf(manifest, ['index.html', 'src/app/root.tsx']);
    expect(visitor.filter(hinted).map(nameOf)).toEqual([]);
  });
});
