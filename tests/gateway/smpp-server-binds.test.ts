// The SMPP server's binds (docs/smpp.md#binds), with the `smpp` package as the customer: each bind
// type, each refusal, enquire_link, unbind, generic_nack, idle binds, and the v1 API's SMPP access.
import { describe, expect, it } from 'vitest';
import smpp, { type PDU, type Session } from 'smpp';
import { tokenFor, useTestGateway } from './helpers/test-app';
import { makeKey, v1 } from './helpers/api-v1';
import {
  bind,
  connect,
  PASSWORD,
  request,
  smppAccessFor,
  startSmpp,
  TEST_SOURCE,
  submit,
} from './helpers/smpp-customer';
import { eventually } from './helpers/eventually';

const setup = useTestGateway();

async function setUp(options: { idleMs?: number } = {}) {
  const lines: string[] = [];
  const gw = await setup.open({ log: (line) => lines.push(line) });
  const smppServer = await startSmpp(gw, { ...options, carrier: false });
  setup.onStop(smppServer.stop);
  return { gw, port: smppServer.port, server: smppServer.server, lines };
}

async function bound(port: number, systemId: string, password = PASSWORD, type?: Parameters<typeof bind>[3]) {
  const c = await bind(port, systemId, password, type);
  setup.onStop(c.close);
  return c;
}

function rawPdu(commandId: number, sequence: number, body: Buffer = Buffer.alloc(0), length = 16 + body.length) {
  const b = Buffer.alloc(16 + body.length);
  b.writeUInt32BE(length, 0);
  b.writeUInt32BE(commandId, 4);
  b.writeUInt32BE(0, 8);
  b.writeUInt32BE(sequence, 12);
  body.copy(b, 16);
  return b;
}

const nextNack = (session: Session) => new Promise<PDU>((resolve) => session.once('generic_nack', resolve));

describe('binds', () => {
  it('takes each bind type, answers enquire_link and honours unbind', async () => {
    const { port } = await setUp();
    const { systemId } = await smppAccessFor(setup.gw, 'demouser');
    for (const type of ['transmitter', 'receiver', 'transceiver'] as const) {
      const c = await bound(port, systemId, PASSWORD, type);
      expect(c.status, type).toBe(0);
      expect((await request(c.session, 'enquire_link')).command_status).toBe(0);
      const closed = new Promise<void>((resolve) => c.session.socket.once('close', () => resolve()));
      expect((await request(c.session, 'unbind')).command_status).toBe(0);
      await closed;
    }
    await eventually(async () => {
      expect(await setup.gw.ctx.db.selectFrom('smpp_binds').selectAll().execute()).toEqual([]);
    });
  });

  it('refuses wrong credentials, a disabled account and an address off the allow-list, logging no password', async () => {
    const { port, lines } = await setUp();
    const { systemId, user } = await smppAccessFor(setup.gw, 'demouser');
    expect((await bound(port, 'nosuchid', PASSWORD)).status).toBe(smpp.errors.ESME_RINVPASWD);
    expect((await bound(port, systemId, 'wrong999')).status).toBe(smpp.errors.ESME_RINVPASWD);
    const { updateSmppAccess } = await import('../../server/src/smpp-server/access-settings');
    await updateSmppAccess(setup.gw.ctx, user, { allowedIps: ['10.0.0.0/8'] }, TEST_SOURCE);
    expect((await bound(port, systemId)).status).toBe(smpp.errors.ESME_RBINDFAIL);
    await updateSmppAccess(setup.gw.ctx, user, { allowedIps: ['127.0.0.1'] }, TEST_SOURCE);
    expect((await bound(port, systemId)).status).toBe(0);
    await updateSmppAccess(setup.gw.ctx, user, { enabled: false }, TEST_SOURCE);
    expect((await bound(port, systemId)).status).toBe(smpp.errors.ESME_RBINDFAIL);
    const refusals = lines.filter((l) => l.startsWith('SMPP bind refused'));
    expect(refusals).toHaveLength(4);
    expect(refusals.join('\n')).toContain('wrong password');
    expect(lines.join('\n')).not.toContain('wrong999');
    expect(lines.join('\n')).not.toContain(PASSWORD);
  });

  it('refuses binds to a system_id after 10 failures in 15 minutes, the right password too', async () => {
    const { port, lines } = await setUp();
    const { systemId } = await smppAccessFor(setup.gw, 'demouser');
    // From an address that never bound the account (one that did is not held: smpp-server-lockout.test.ts).
    for (let i = 0; i < 10; i += 1)
      expect((await bound(port, systemId, `wrong${i}`)).status).toBe(smpp.errors.ESME_RINVPASWD);
    expect((await bound(port, systemId)).status).toBe(smpp.errors.ESME_RBINDFAIL);
    expect(lines.at(-1)).toContain('too many failed binds');
    setup.gw.clock.advance(15 * 60_000);
    expect((await bound(port, systemId)).status).toBe(0);
  });

  it('refuses one bind too many, counted over every bind type, and frees it on unbind', async () => {
    const { port } = await setUp();
    const { systemId } = await smppAccessFor(setup.gw, 'demouser', { maxBinds: 2 });
    const first = await bound(port, systemId, PASSWORD, 'transmitter');
    expect(first.status).toBe(0);
    expect((await bound(port, systemId, PASSWORD, 'receiver')).status).toBe(0);
    expect((await bound(port, systemId, PASSWORD, 'transceiver')).status).toBe(smpp.errors.ESME_RBINDFAIL);
    await request(first.session, 'unbind');
    await eventually(async () => {
      expect((await setup.gw.ctx.db.selectFrom('smpp_binds').selectAll().execute()).length).toBe(1);
    });
    expect((await bound(port, systemId, PASSWORD, 'transceiver')).status).toBe(0);
  });

  it('answers a second bind on one session ESME_RALYBND and a submit on a receiver ESME_RINVBNDSTS', async () => {
    const { port } = await setUp();
    const { systemId } = await smppAccessFor(setup.gw, 'demouser');
    const c = await bound(port, systemId, PASSWORD, 'receiver');
    const again = await request(c.session, 'bind_transceiver', { system_id: systemId, password: PASSWORD });
    expect(again.command_status).toBe(smpp.errors.ESME_RALYBND);
    expect((await submit(c.session, { short_message: Buffer.from('hi') })).command_status).toBe(
      smpp.errors.ESME_RINVBNDSTS,
    );
    const unbound = await connect(port);
    setup.onStop(async () => unbound.destroy());
    expect((await submit(unbound, { short_message: Buffer.from('hi') })).command_status).toBe(
      smpp.errors.ESME_RINVBNDSTS,
    );
  });

  it('answers an unknown command and a malformed submit_sm with generic_nack, and goes on', async () => {
    const { port } = await setUp();
    const { systemId } = await smppAccessFor(setup.gw, 'demouser');
    const c = await bound(port, systemId);
    let nack = nextNack(c.session);
    c.session.socket.write(rawPdu(0x00000099, 9001));
    expect((await nack).command_status).toBe(smpp.errors.ESME_RINVCMDID);
    expect((await nack).sequence_number).toBe(9001);
    nack = nextNack(c.session);
    // A submit_sm whose fields stop half-way.
    c.session.socket.write(rawPdu(0x00000004, 9002, Buffer.from([0x00, 0x05, 0x00, 0x44])));
    expect((await nack).command_status).toBe(smpp.errors.ESME_RINVCMDLEN);
    expect((await request(c.session, 'enquire_link')).command_status).toBe(0);
  });

  it('closes a session whose command_length cannot be followed, after a generic_nack', async () => {
    const { port } = await setUp();
    const session = await connect(port);
    const nack = nextNack(session);
    const closed = new Promise<void>((resolve) => session.socket.once('close', () => resolve()));
    session.socket.write(rawPdu(0x00000015, 7, Buffer.alloc(0), 3));
    expect((await nack).command_status).toBe(smpp.errors.ESME_RINVCMDLEN);
    await closed;
  });

  it('unbinds an idle bind after the idle timeout; enquire_link keeps one alive', async () => {
    const { port } = await setUp({ idleMs: 400 });
    const { systemId } = await smppAccessFor(setup.gw, 'demouser');
    const quiet = await bound(port, systemId);
    const lively = await bound(port, systemId);
    const unbindSeen = new Promise<void>((resolve) => quiet.session.once('unbind', () => resolve()));
    const quietClosed = new Promise<void>((resolve) => quiet.session.socket.once('close', () => resolve()));
    const keepAlive = setInterval(() => lively.session.send(new smpp.PDU('enquire_link')), 100);
    try {
      await unbindSeen;
      await quietClosed;
      expect(lively.session.socket.destroyed).toBe(false);
    } finally {
      clearInterval(keepAlive);
    }
  });
});

describe('getSmppAccess and updateSmppAccess', () => {
  it('sets up access with a system_id and a password shown once, which then binds (the demo seed gives demouser its own)', async () => {
    const { port } = await setUp();
    const sup = await tokenFor(setup.gw, 'supervisor');
    const before = await v1(setup.gw, 'GET', '/smpp-access', { auth: sup.token });
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ enabled: false, systemId: null, passwordSet: false });
    const made = await v1(setup.gw, 'POST', '/smpp-access', {
      auth: sup.token,
      body: { maxBinds: 3, throughput: 20, allowedIps: ['127.0.0.1'] },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body).toMatchObject({ enabled: true, systemId: 'supervisor', maxBinds: 3, throughput: 20 });
    expect(String(made.body.password)).toMatch(/^[A-Za-z0-9]{8}$/);
    const c = await bound(port, 'supervisor', String(made.body.password));
    expect(c.status).toBe(0);
    const after = await v1(setup.gw, 'GET', '/smpp-access', { auth: sup.token });
    expect(after.body).toMatchObject({ systemId: 'supervisor', passwordSet: true, binds: 1 });
    expect(after.body.password).toBeUndefined();
    expect(JSON.stringify(after.body)).not.toContain(String(made.body.password));
  });

  it('refuses a password longer than 8 characters and a bad allow-list entry, in the caller terms', async () => {
    await setUp();
    const demo = await tokenFor(setup.gw, 'demouser');
    const long = await v1(setup.gw, 'POST', '/smpp-access', { auth: demo.token, body: { password: 'abcdefghi' } });
    expect(long.status).toBe(400);
    expect(JSON.stringify(long.body)).toContain('at most 8 characters');
    const ip = await v1(setup.gw, 'POST', '/smpp-access', { auth: demo.token, body: { allowedIps: ['not-an-ip'] } });
    expect(ip.status).toBe(422);
    expect(JSON.stringify(ip.body)).toContain('not an IP address');
  });

  it('needs a live key with every scope to change access; messages:send reads it', async () => {
    await setUp();
    const demo = await tokenFor(setup.gw, 'demouser');
    const sender = await makeKey(setup.gw, demo.token, { scopes: ['messages:send'] });
    expect((await v1(setup.gw, 'GET', '/smpp-access', { auth: sender.secret })).status).toBe(200);
    const refused = await v1(setup.gw, 'POST', '/smpp-access', { auth: sender.secret, body: { throughput: 5 } });
    expect(refused.status).toBe(403);
    const all = ['messages:send', 'messages:read', 'balance:read', 'webhooks:manage'];
    const test = await makeKey(setup.gw, demo.token, { scopes: all, mode: 'test' });
    expect((await v1(setup.gw, 'POST', '/smpp-access', { auth: test.secret, body: { throughput: 5 } })).status).toBe(
      403,
    );
    const admin = await makeKey(setup.gw, demo.token, { scopes: all });
    const ok = await v1(setup.gw, 'POST', '/smpp-access', { auth: admin.secret, body: { throughput: 5 } });
    expect(ok.status).toBe(200);
  });

  it("shows an admin its clients' open binds", async () => {
    const { port } = await setUp();
    const { systemId } = await smppAccessFor(setup.gw, 'demouser');
    await bound(port, systemId);
    await bound(port, systemId, PASSWORD, 'receiver');
    const sup = await tokenFor(setup.gw, 'supervisor');
    const view = await v1(setup.gw, 'GET', '/smpp-access', { auth: sup.token });
    expect(view.body.clients).toEqual([{ username: 'demouser', systemId, binds: 2 }]);
  });
});
