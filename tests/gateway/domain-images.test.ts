import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, login, makeTestApp, type TestGateway, type Session } from './helpers/test-app';
import { logoPng } from '../../server/src/images/png';

const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;

describe('logo and background files: written only for an accepted save, and deleted once replaced', () => {
  let gw: TestGateway;
  let acme: Session;
  beforeAll(async () => {
    gw = await makeTestApp();
    acme = await login(gw, 'acmeadmin', 'acme12345', 'acme.localhost');
  });
  afterAll(() => gw.close());

  const save = (body: Record<string, unknown>) =>
    call(
      gw,
      'update-domain-details/',
      { profile_id: acme.profile_id, ...body },
      { token: acme.token, host: 'acme.localhost' },
    );
  const files = () => readdirSync(gw.ctx.imagesDir).sort();
  const png = (shade: number) => dataUrl('image/png', logoPng(16, [shade, 0, 0], [255, 255, 255]));

  it('writes nothing for a save refused after its images were read', async () => {
    const before = files();
    for (const [body, status] of [
      [{ logo: png(1), backgroundImage: png(2), senderid: 'NOTMINE' }, 400],
      [{ logo: png(3), referralpercentage: '150' }, 400],
      [{ logo: png(4), localrate: '{"REGULAR": "nonsense"}' }, 400],
      // The main host is the operator's alone: a 403.
      [{ logo: png(5), domain: 'localhost' }, 403],
    ] as const) {
      const res = await save(body);
      expect(res.status).toBe(status);
    }
    expect(files()).toEqual(before);
  });

  it('keeps one file per image shown: a replaced logo and background are deleted', async () => {
    const before = files();
    let last = await save({ logo: png(10), backgroundImage: png(11) });
    for (let i = 0; i < 5; i += 1) last = await save({ logo: png(20 + i), backgroundImage: png(30 + i) });
    expect(last.status).toBe(200);
    const name = (url: string) => url.split('/').pop()!;
    const shown = [name(last.body.logo), name(last.body.backgroundImage)];
    // The seeded logo was replaced too; nothing else stays behind.
    expect(files()).toEqual([...before.filter((f) => f !== 'acme-logo.png'), ...shown].sort());
    // Sending the stored URLs back keeps both files.
    expect((await save({ logo: last.body.logo, backgroundImage: last.body.backgroundImage })).status).toBe(200);
    expect(files()).toContain(shown[0]);
    expect(files()).toContain(shown[1]);
  });

  it('limits uploads to 20 saves an hour that bring new images; saves without images go on', async () => {
    gw.clock.advance(60 * 60_000);
    for (let i = 0; i < 20; i += 1) expect((await save({ logo: png(40 + i) })).status).toBe(200);
    const limited = await save({ logo: png(99) });
    expect(limited.status).toBe(429);
    expect(limited.body.error.message).toBe('Too many image uploads, please wait 60 minutes and try again');
    expect((await save({ companyname: 'Acme SMS' })).status).toBe(200);
    gw.clock.advance(60 * 60_000);
    expect((await save({ logo: png(98) })).status).toBe(200);
  });
});
