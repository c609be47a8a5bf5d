// Who acted, not where from (docs/compliance.md#audit-log): an account reads the IP address and
// browser of its own actions (and an admin of its clients'), while an action its provider or the
// service's operator took on it names who acted and nothing of where they were; its search does not
// find them by address or browser either.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call, makeTestApp, signInDemoTenants, type Session, type TestGateway } from './helpers/test-app';

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0';

type Entry = { action: string; actor: string; ip: string; device: string };

describe('the audit log of a client', () => {
  let gw: TestGateway;
  let sup: Session, acme: Session, acmeClient: Session, demo: Session;
  beforeEach(async () => {
    gw = await makeTestApp();
    ({ sup, acme, acmeClient, demo } = await signInDemoTenants(gw));
  });
  afterEach(() => gw.close());

  const host = (who: Session) => (who === acme || who === acmeClient ? 'acme.localhost' : 'localhost');
  const as = (who: Session, name: string, body: object, ip: string, userAgent: string) =>
    call(
      gw,
      name,
      { profile_id: who.profile_id, ...body },
      { token: who.token, host: host(who), headers: { 'user-agent': userAgent }, remoteAddress: ip },
    );
  const log = async (who: Session, search = '') =>
    (await as(who, 'auditlog', { search, action: '', from: '', to: '', pageNum: 1 }, '10.0.0.99', CHROME)).body
      .entries as Entry[];
  const exported = async (who: Session) =>
    (await as(who, 'auditexport', { search: '', action: '', from: '', to: '' }, '10.0.0.99', CHROME)).body
      .entries as Entry[];

  /** The client's own action, its provider's and the operator's on it. */
  async function actions() {
    expect((await as(acmeClient, 'senderidrequest', { pendingsenderid: 'CLIENTID' }, '10.1.1.1', FIREFOX)).status).toBe(
      200,
    );
    expect(
      (
        await as(
          acme,
          'manualcreditpurchase',
          { amount: 5, currency: 'GHS', clientprofile_id: acmeClient.profile_id },
          '10.9.8.7',
          CHROME,
        )
      ).status,
    ).toBe(200);
    expect(
      (await as(sup, 'approvesenderid', { id: acmeClient.profile_id, pendingsenderid: 'CLIENTID' }, '10.6.6.6', CHROME))
        .status,
    ).toBe(200);
  }

  it('shows where its own actions came from, and only who acted for its provider’s and the operator’s', async () => {
    await actions();
    for (const entries of [await log(acmeClient), await exported(acmeClient)]) {
      const byAction = Object.fromEntries(entries.map((e) => [e.action, e]));
      expect(byAction.sender_id_requested).toMatchObject({
        actor: 'acmeclient',
        ip: '10.1.1.1',
        device: 'Firefox on Linux',
      });
      expect(byAction.credit_given).toMatchObject({ actor: 'acmeadmin (your provider)', ip: '', device: '' });
      expect(byAction.sender_id_approved).toMatchObject({ actor: 'The service operator', ip: '', device: '' });
      expect(JSON.stringify(entries)).not.toMatch(/10\.9\.8\.7|10\.6\.6\.6|supervisor/);
    }
  });

  it('does not find its provider’s or the operator’s actions by their address or browser', async () => {
    await actions();
    expect(await log(acmeClient, '10.9.8.7')).toEqual([]);
    expect(await log(acmeClient, '10.6.6.6')).toEqual([]);
    expect((await log(acmeClient, 'Chrome')).map((e) => e.action)).toEqual([]);
    expect((await log(acmeClient, '10.1.1.1')).map((e) => e.action)).toEqual(['sender_id_requested']);
  });

  it('still shows the reseller where its clients acted from, and the operator everything', async () => {
    await actions();
    const reseller = await log(acme);
    expect(reseller.find((e) => e.action === 'sender_id_requested')).toMatchObject({
      actor: 'acmeclient',
      ip: '10.1.1.1',
    });
    expect(reseller.find((e) => e.action === 'credit_given')).toMatchObject({ actor: 'acmeadmin', ip: '10.9.8.7' });
    const operator = await log(sup);
    expect(operator.find((e) => e.action === 'credit_given')).toMatchObject({ ip: '10.9.8.7' });
    expect(operator.find((e) => e.action === 'sender_id_requested')).toMatchObject({ ip: '10.1.1.1' });
  });

  it('names the operator as the provider of its own direct clients', async () => {
    await as(
      sup,
      'manualcreditpurchase',
      { amount: 5, currency: 'GHS', clientprofile_id: demo.profile_id },
      '10.6.6.6',
      CHROME,
    );
    const entries = await log(demo);
    expect(entries.find((e) => e.action === 'credit_given')).toMatchObject({
      actor: 'supervisor (your provider)',
      ip: '',
      device: '',
    });
  });
});
