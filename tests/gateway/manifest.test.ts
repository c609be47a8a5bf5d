// The installed app's manifest per domain (docs/product.md#tenants-and-white-label): its short name cut
// at a word, and its icon the domain's own logo when that is square and large enough.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestGateway } from './helpers/test-app';
import { logoPng } from '../../server/src/images/png';
import { IMAGES_PATH } from '../../src/domain/navigation/api-paths';

let gw: TestGateway;
beforeAll(async () => {
  gw = await makeTestApp();
});
afterAll(() => gw.close());

const manifestOf = async (host: string) =>
  (await gw.app.inject({ method: 'GET', url: '/manifest.webmanifest', headers: { host } })).json();

/** The bytes a JPEG's size is read from: its start, an APP0 segment and a baseline frame header. */
function jpegHead(width: number, height: number): Buffer {
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, ...Buffer.from('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0]);
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x11, 8, height >> 8, height & 0xff, width >> 8, width & 0xff, 3]);
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof, Buffer.alloc(9), Buffer.from([0xff, 0xd9])]);
}

/** Gives acme.localhost's domain this logo file. */
async function acmeLogo(file: string, bytes: Buffer) {
  writeFileSync(join(gw.ctx.imagesDir, file), bytes);
  await gw.ctx.db
    .updateTable('domains')
    .set({ logo: `${IMAGES_PATH}${file}` })
    .where('host', '=', 'acme.localhost')
    .execute();
}

const PLATFORM_ICONS = ['/icon-192.png', '/icon-512.png'];

describe('the manifest of each domain', () => {
  it("shortens the main host's name at a word: 'Bulk SMS Ghana' is 'Bulk SMS', never 'Bulk SMS Gha'", async () => {
    const main = await manifestOf('localhost');
    expect(main).toMatchObject({ name: 'Bulk SMS Ghana', short_name: 'Bulk SMS' });
    expect((await manifestOf('acme.localhost')).short_name).toBe('Acme SMS');
  });

  it("gives a reseller's installed app its square logo as its only icon, PNG or JPEG, shortcuts included", async () => {
    await acmeLogo('acme-square.png', logoPng(300, [176, 32, 32], [255, 214, 0]));
    const png = await manifestOf('acme.localhost');
    const logo = { src: `${IMAGES_PATH}acme-square.png`, sizes: '300x300', type: 'image/png', purpose: 'any' };
    expect(png.icons).toEqual([logo]);
    expect(png.shortcuts.map((s: { icons: unknown[] }) => s.icons)).toEqual([[logo], [logo], [logo]]);

    await acmeLogo('acme-photo.jpg', jpegHead(512, 512));
    expect((await manifestOf('acme.localhost')).icons).toEqual([
      { src: `${IMAGES_PATH}acme-photo.jpg`, sizes: '512x512', type: 'image/jpeg', purpose: 'any' },
    ]);
  });

  it("keeps the platform's icons for a logo that is not square, too small, or not a PNG or JPEG", async () => {
    for (const [file, bytes] of [
      ['acme-wide.jpg', jpegHead(600, 200)],
      ['acme-small.png', logoPng(96, [176, 32, 32], [255, 214, 0])],
      ['acme-old.bmp', Buffer.from('BM not read')],
    ] as const) {
      await acmeLogo(file, bytes);
      const icons = (await manifestOf('acme.localhost')).icons as { src: string }[];
      expect(
        icons.map((i) => i.src),
        file,
      ).toEqual(PLATFORM_ICONS);
    }
  });
});
