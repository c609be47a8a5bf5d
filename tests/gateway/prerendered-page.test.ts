import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fillShell, jsonForScript, PRERENDER_MODULE } from '../../server/src/http/prerendered-page';
import { makeTestApp, type TestGateway } from './helpers/test-app';

// The gateway sends the landing and login pages with the app's HTML for the host in them
// (the prerender module the build writes), the host's details beside it, and the plain shell whenever
// it cannot: no module, a module that fails, a path it does not prerender.

const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta name="theme-color" content="#0b4a8b" />
    <title>Bulk SMS</title>
    <script type="module" crossorigin src="/assets/index-Ab12Cd34.js"></script>
  </head>
  <body>
    <div id="root">
      <!--splash-->
      <div class="boot" role="status">Loading…</div>
      <!--/splash-->
    </div>
  </body>
</html>`;

// A stand-in for the built module: the page's details as text, as React would escape them.
const MODULE = `
const escape = (s) => String(s).replace(/[&<>"']/g, (c) => '&#' + c.charCodeAt(0) + ';');
export async function prerender({ path, host, origin, details }) {
  globalThis.__prerenders = (globalThis.__prerenders ?? 0) + 1;
  if (details.companyname === 'Broken') throw new Error('render failed');
  if (path === '/' && host !== 'localhost') return null;
  return '<main data-path="' + path + '">' + escape(details.companyname) + ' at ' + escape(origin) + '</main>';
}`;

describe('fillShell', () => {
  const filled = (details: unknown, title = 'Acme SMS') =>
    fillShell(TEMPLATE, {
      path: '/login',
      appHtml: '<main>app</main>',
      details,
      title,
      themeColor: '#a51d1d',
      stylesheets: ['/assets/root-Xy12.css'],
      scripts: ['/assets/root-Ab34.js'],
    })!;

  it('puts the app in place of the splash, the stylesheet and the app code to fetch in the head, the details after the root', () => {
    const html = filled({ companyname: 'Acme SMS' });
    expect(html).toContain('<div id="root" data-prerendered="/login"><main>app</main></div>');
    expect(html).not.toContain('Loading…');
    expect(html).toContain(
      '<link rel="stylesheet" crossorigin href="/assets/root-Xy12.css"><link rel="prefetch" crossorigin href="/assets/root-Ab34.js"></head>',
    );
    expect(html).toContain('<html lang="en" data-mantine-color-scheme="light">');
    expect(html).toContain('<title>Acme SMS</title>');
    expect(html).toContain('<meta name="theme-color" content="#a51d1d" />');
    expect(html).toMatch(
      /<\/div>\s*<script type="application\/json" id="domain-details">\{"companyname":"Acme SMS"\}<\/script><\/body>/,
    );
  });

  it("keeps a tenant's name text: in the title, and inside the details' script element", () => {
    const hostile = `Acme </script><script>alert(1)</script><!-- & "Co" \u2028`;
    const html = filled({ companyname: hostile }, hostile);
    expect(html).toContain(
      '<title>Acme &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;!-- &amp; &quot;Co&quot; \u2028</title>',
    );
    const script = /<script type="application\/json" id="domain-details">([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(script).not.toMatch(/<|>|\u2028/);
    expect(JSON.parse(script)).toEqual({ companyname: hostile });
    expect(html.match(/<script/g)).toHaveLength(2); // the app's entry and the details, nothing injected
  });

  it('gives up (the plain shell goes out) on a template without the splash markers', () => {
    expect(
      fillShell(TEMPLATE.replace('<!--splash-->', ''), {
        path: '/',
        appHtml: '',
        details: {},
        title: '',
        themeColor: '#0b4a8b',
        stylesheets: [],
      }),
    ).toBeNull();
  });

  it('writes JSON no script element can end early', () => {
    expect(jsonForScript({ a: '</script>' })).toBe('{"a":"\\u003c/script\\u003e"}');
  });
});

describe('the gateway serves prerendered pages', () => {
  let gw: TestGateway;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'gw-prerender-'));
    mkdirSync(join(dist, 'assets'));
    mkdirSync(join(dist, '.ssr'));
    mkdirSync(join(dist, '.vite'));
    writeFileSync(join(dist, 'index.html'), TEMPLATE);
    writeFileSync(join(dist, PRERENDER_MODULE), MODULE);
    writeFileSync(
      join(dist, '.vite', 'manifest.json'),
      JSON.stringify({ 'src/app/root.tsx': { file: 'assets/root-Ab.js', css: ['assets/root-Cd.css'] } }),
    );
    gw = await makeTestApp({ distDir: dist });
  });
  afterAll(async () => {
    await gw.close();
    rmSync(dist, { recursive: true, force: true });
  });
  const get = (url: string, host = 'localhost') => gw.app.inject({ method: 'GET', url, headers: { host } });
  const details = async (host: string) =>
    (await gw.app.inject({ method: 'GET', url: '/smsgateway/api/domain', headers: { host } })).json() as {
      companyname: string;
    };

  it("renders the landing page with the main host's details, and a reseller's login page with its own", async () => {
    const landing = await get('/');
    expect(landing.statusCode).toBe(200);
    expect(landing.headers['content-type']).toMatch(/^text\/html/);
    expect(landing.headers['cache-control']).toBe('no-cache');
    expect(landing.headers['content-security-policy']).toContain("script-src 'self'");
    const main = await details('localhost');
    expect(landing.body).toContain(`<main data-path="/">${main.companyname} at http://localhost</main>`);
    expect(landing.body).toContain('<link rel="stylesheet" crossorigin href="/assets/root-Cd.css">');
    expect(landing.body).toContain(`<title>${main.companyname}</title>`);
    const carried = /id="domain-details">([^<]*)<\/script>/.exec(landing.body)![1]!;
    expect(JSON.parse(carried)).toEqual(main);

    const login = await get('/login?from=ad', 'acme.localhost');
    const acme = await details('acme.localhost');
    expect(acme.companyname).not.toBe(main.companyname);
    expect(login.body).toContain(`<main data-path="/login">${acme.companyname} at http://acme.localhost</main>`);
    // The reseller's colour for the browser's bar, before the app runs.
    expect(login.body).toContain('<meta name="theme-color" content="#a51d1d" />');
  });

  it('sends the plain shell where it does not prerender: other paths, a redirecting page, a failing render', async () => {
    for (const [path, host] of [
      ['/signup', 'localhost'],
      ['/dashboard', 'localhost'],
      ['/', 'acme.localhost'], // a reseller's / goes to its login page
    ] as const) {
      const res = await get(path, host);
      expect(res.statusCode, path).toBe(200);
      expect(res.body, path).toContain('<!--splash-->');
      expect(res.body, path).not.toContain('domain-details');
    }
    const acme = await details('acme.localhost');
    const { ctx } = gw;
    await ctx.db.updateTable('domains').set({ companyname: 'Broken' }).where('host', '=', 'acme.localhost').execute();
    const broken = await get('/login', 'acme.localhost');
    expect(broken.statusCode).toBe(200);
    expect(broken.body).toContain('<!--splash-->');
    await ctx.db
      .updateTable('domains')
      .set({ companyname: acme.companyname })
      .where('host', '=', 'acme.localhost')
      .execute();
    expect((await get('/login', 'acme.localhost')).body).toContain(`${acme.companyname} at http://acme.localhost`);
  });

  it('renders a page once per domain, however many host names a visitor sends', async () => {
    const renders = () => (globalThis as { __prerenders?: number }).__prerenders ?? 0;
    const main = await details('localhost');
    await get('/login', 'warm-up.example');
    const before = renders();
    for (let i = 0; i < 1000; i += 1) {
      const host = `r${i}-${Math.random().toString(36).slice(2, 10)}.example${i % 3 === 0 ? `:${1000 + i}` : ''}`;
      const res = await get('/login', host);
      expect(res.statusCode).toBe(200);
      // An unknown host is served the main domain's page.
      expect(res.body).toContain(`<main data-path="/login">${main.companyname} at http://localhost</main>`);
    }
    // Every unknown host shares the main domain's one page: the cache is not filled (and emptied) by them.
    expect(renders() - before).toBe(0);
    // The known hosts, port or not, still have theirs.
    expect((await get('/login', 'acme.localhost:8080')).body).toContain('at http://acme.localhost</main>');
    expect(renders() - before).toBeLessThanOrEqual(1);
  });

  it("never serves the build's own folders", async () => {
    for (const path of [`/${PRERENDER_MODULE}`, '/.vite/manifest.json']) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(404);
      expect(res.body, path).not.toContain('prerender');
    }
  });
});

describe('a build without the prerender module', () => {
  it('serves the plain shell on the landing and login pages', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'gw-plain-'));
    writeFileSync(join(dist, 'index.html'), TEMPLATE);
    const gw = await makeTestApp({ distDir: dist });
    try {
      for (const path of ['/', '/login']) {
        const res = await gw.app.inject({ method: 'GET', url: path, headers: { host: 'localhost' } });
        expect(res.statusCode).toBe(200);
        expect(res.body).toBe(TEMPLATE);
      }
    } finally {
      await gw.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});
