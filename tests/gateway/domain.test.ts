import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestGateway } from './helpers/test-app';

describe('GET /smsgateway/api/domain', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await makeTestApp();
  });
  afterAll(() => gw.close());

  const get = (query: string) => gw.app.inject({ method: 'GET', url: `/smsgateway/api/domain${query}` });

  it('answers the main host with profile 6 and its prices', async () => {
    const res = await get('?domain=localhost');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ profile_id: 6, companyname: 'Bulk SMS Ghana', enablereferral: true });
    expect(JSON.parse(body.localrate).REGULAR[0]).toEqual({ id: 1, price: 20, rate: 0.029, expiry: 0.25 });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers a reseller domain with its own name and logo, and the supervisor settings', async () => {
    const body = (await get('?domain=acme.localhost')).json();
    expect(body.companyname).toBe('Acme SMS');
    expect(body.logo).toMatch(/^\/smsgateway\/api\/frontend\/images\/acme-logo\.png$/);
    expect(body.suplocalrate).toContain('"rate":0.029');
    expect(body).not.toHaveProperty('paystackseckey');
    expect(body).not.toHaveProperty('recaptcha_secret_key');
  });

  it("keeps the owners' balances out of the public answer", async () => {
    // Give the reseller and its supervisor figures that would stand out in the answer.
    await gw.ctx.db
      .updateTable('users')
      .set({ internationalcreditbalance: 4321.5 })
      .where('username', '=', 'acmeadmin')
      .execute();
    await gw.ctx.db
      .updateTable('users')
      .set({ internationalcreditbalance: 8765.25 })
      .where('profile_id', '=', 6)
      .execute();
    for (const host of ['acme.localhost', 'localhost']) {
      const res = await get(`?domain=${host}`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).not.toHaveProperty('internationalcreditbalance');
      expect(body).not.toHaveProperty('supInternationalBalance');
      expect(res.body).not.toContain('4321.5');
      expect(res.body).not.toContain('8765.25');
      expect(res.body).not.toMatch(/balance/i);
    }
  });

  it('gives the main host details for an unknown domain, ignoring case and port', async () => {
    expect((await get('?domain=nowhere.example')).json().profile_id).toBe(6);
    expect((await get('?domain=ACME.localhost:8080')).json().companyname).toBe('Acme SMS');
  });

  it('serves the logo as a PNG image and refuses path tricks', async () => {
    const logo = await gw.app.inject({ method: 'GET', url: '/smsgateway/api/frontend/images/acme-logo.png' });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    const sneaky = await gw.app.inject({ method: 'GET', url: '/smsgateway/api/frontend/images/..%2Fgateway.sqlite' });
    expect(sneaky.statusCode).toBe(404);
  });
});
