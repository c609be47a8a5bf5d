import { spawnSync } from 'node:child_process';

// Lighthouse 12 (mobile emulation, simulated throttling) against Debian's Chromium, when npx can
// fetch it from the registry: the report, or why it did not run.

// The report's shape is Lighthouse's own and large: the benches read a few fields of it.
export type LighthouseReport = { categories: Record<string, any>; audits: Record<string, any> };

export function runLighthouse(url: string): { ok: true; report: LighthouseReport } | { ok: false; why: string } {
  const res = spawnSync(
    'npx',
    [
      '--yes',
      'lighthouse@12',
      url,
      '--quiet',
      '--output=json',
      '--output-path=stdout',
      '--only-categories=performance,accessibility,best-practices',
      '--chrome-flags=--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync',
    ],
    {
      encoding: 'utf8',
      env: { ...process.env, CHROME_PATH: '/usr/bin/chromium' },
      maxBuffer: 128 * 1024 * 1024,
      timeout: 180_000,
    },
  );
  if (res.status !== 0 || !res.stdout.trim().startsWith('{'))
    return { ok: false, why: (res.stderr || 'no output').split('\n').slice(-2).join(' ').slice(0, 200) };
  return { ok: true, report: JSON.parse(res.stdout) as LighthouseReport };
}

/** A category's score out of 100. */
export const categoryScore = (report: LighthouseReport, category: string) =>
  Math.round((report.categories[category]?.score ?? 0) * 100);
