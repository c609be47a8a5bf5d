import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeTestApp, type TestGateway } from './helpers/test-app';

// A start at a dashboard or a status page gets the page with its first screen's code named in it
// (server/src/http/screen-preloads.ts); every other address gets index.html as it is.

const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <script type="module" crossorigin src="/assets/index-E1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/boot-B1.js">
  </head>
  <body><div id="root"></div></body>
</html>`;

// Vite's manifest as the build writes it: entries by source, shared chunks by "_" and their file.
const MANIFEST = {
  'index.html': { file: 'assets/index-E1.js', isEntry: true, imports: ['_boot-B1.js'] },
  '_boot-B1.js': { file: 'assets/boot-B1.js', name: 'boot' },
  'src/app/root.tsx': { file: 'assets/root-R1.js', imports: ['_boot-B1.js', '_shared-S1.js'] },
  '_shared-S1.js': { file: 'assets/shared-S1.js', name: 'shared' },
  'src/app/shell/app-layout.tsx': { file: 'assets/app-layout-A1.js', imports: ['_shared-S1.js'] },
  '_mantine-styles-rest-M1.js': { file: 'assets/mantine-styles-rest-M1.js', name: 'mantine-styles-rest' },
  '_mantine-styles-rest-M1.css': { file: 'assets/mantine-styles-rest-M1.css', name: 'mantine-styles-rest' },
  'src/features/messages/message-list-screen.tsx': {
    file: 'assets/message-list-screen-L1.js',
    imports: ['_list-loader-L2.js', '_table-T1.js'],
  },
  '_list-loader-L2.js': { file: 'assets/list-loader-L2.js', name: 'list-loader' },
  '_table-T1.js': { file: 'assets/table-T1.js', name: 'table' },
  'src/features/messages/status-screen.tsx': { file: 'assets/status-screen-S2.js', imports: ['_table-T1.js'] },
  '_status-prefetch-P1.js': { file: 'assets/status-prefetch-P1.js', name: 'status-prefetch' },
};

const preloads = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]).sort();

describe('the page a dashboard or a status page starts with names its code', () => {
  let dist: string;
  let gw: TestGateway;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'gw-preloads-'));
    mkdirSync(join(dist, '.vite'));
    writeFileSync(join(dist, 'index.html'), TEMPLATE);
    writeFileSync(join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    gw = await makeTestApp({ distDir: dist });
  });
  afterAll(async () => {
    await gw.close();
    rmSync(dist, { recursive: true, force: true });
  });
  const get = (url: string, encoding = 'identity') =>
    gw.app.inject({ method: 'GET', url, headers: { host: 'localhost', 'accept-encoding': encoding } });
  const shared = [
    '/assets/app-layout-A1.js',
    '/assets/mantine-styles-rest-M1.js',
    '/assets/root-R1.js',
    '/assets/shared-S1.js',
  ];

  it("names a dashboard's list, the shell and the app, once each, and nothing index.html names already", async () => {
    for (const path of ['/dashboard', '/clientdashboard', '/dashboard?from=notice']) {
      const page = await get(path);
      expect(page.statusCode).toBe(200);
      expect(preloads(page.body)).toEqual(
        [
          ...shared,
          '/assets/boot-B1.js',
          '/assets/list-loader-L2.js',
          '/assets/message-list-screen-L1.js',
          '/assets/table-T1.js',
        ].sort(),
      );
      // boot was in the template already: it is named there alone.
      expect(page.body.match(/boot-B1\.js/g)).toHaveLength(1);
      expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    }
  });

  it("names a status page's screen and its early rows' code, not the list's", async () => {
    const page = await get('/dashboard/AbcDef');
    expect(preloads(page.body)).toEqual(
      [
        ...shared,
        '/assets/boot-B1.js',
        '/assets/status-prefetch-P1.js',
        '/assets/status-screen-S2.js',
        '/assets/table-T1.js',
      ].sort(),
    );
    expect(page.body).not.toContain('message-list-screen');
  });

  it('sends index.html as it is to every other address, and compressed as asked', async () => {
    for (const path of ['/send', '/dashboard/a/b', '/scheduledsms', '/nowhere']) {
      const page = await get(path);
      expect(preloads(page.body)).toEqual(['/assets/boot-B1.js']);
    }
    const zipped = await get('/dashboard', 'gzip');
    expect(zipped.headers['content-encoding']).toBe('gzip');
  });
});
