// Failed binds (docs/smpp.md#binds): one address over its own limit locks out no other account, an
// unknown system_id is answered as a wrong password, and an address on the account's allow-list is
// not held by its system_id's failures.
import { describe, expect, it } from 'vitest';
import smpp, { type Session } from 'smpp';
import { useTestGateway } from './helpers/test-app';
import { PASSWORD, request, smppAccessFor, startSmpp, TEST_SOURCE } from './helpers/smpp-customer';
import { eventually } from './helpers/eventually';
import { LONGEST_WINDOW_MS, pruneRateLimits } from '../../server/src/auth/rate-limit';
import { updateSmppAccess } from '../../server/src/smpp-server/access-settings';

const setup = useTestGateway();

async function setUp() {
  const gw = await setup.open();
  const smppServer = await startSmpp(gw, { carrier: false });
  setup.onStop(smppServer.stop);
  return { port: smppServer.port, server: smppServer.server };
}

/** One bind from `localAddress` (any of 127.0.0.0/8); its answer's status, the session closed. */
async function bindFrom(port: number, localAddress: string, systemId: string, password: string) {
  const session = await sessionFrom(port, localAddress);
  const answer = await request(session, 'bind_transceiver', { system_id: systemId, password });
  session.destroy();
  return answer.command_status;
}

describe('failed binds', () => {
  it("one address over its limit cannot lock another account's binds from elsewhere", async () => {
    const { port } = await setUp();
    const { systemId } = await smppAccessFor(setup.gw, 'demouser');
    const attacker = '127.0.0.2';
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) statuses.push(await bindFrom(port, attacker, `nosuch${i}`, 'x'));
    // Refused for their credentials until the address is over its 30.
    expect(statuses.slice(0, 30)).not.toContain(smpp.errors.ESME_RBINDFAIL);
    expect(statuses[30]).toBe(smpp.errors.ESME_RBINDFAIL);
    for (let i = 0; i < 10; i += 1)
      expect(await bindFrom(port, attacker, systemId, `guess${i}`)).toBe(smpp.errors.ESME_RBINDFAIL);
    expect(await bindFrom(port, '127.0.0.3', systemId, PASSWORD)).toBe(0);
  });

  it('answers an unknown system_id and a wrong password with one status', async () => {
    const { port } = await setUp();
    const { systemId } = await smppAccessFor(setup.gw, 'demouser');
    expect(await bindFrom(port, '127.0.0.4', 'nosuchid', PASSWORD)).toBe(smpp.errors.ESME_RINVPASWD);
    expect(await bindFrom(port, '127.0.0.4', systemId, 'wrong999')).toBe(smpp.errors.ESME_RINVPASWD);
  });

  it("a system_id locked by failures still binds from an address on the account's allow-list", async () => {
    const { port } = await setUp();
    const { systemId } = await smppAccessFor(setup.gw, 'demouser', { allowedIps: ['127.0.0.5'] });
    for (let i = 0; i < 10; i += 1)
      expect(await bindFrom(port, '127.0.0.6', systemId, `wrong${i}`)).toBe(smpp.errors.ESME_RINVPASWD);
    // Locked elsewhere, the right password included.
    expect(await bindFrom(port, '127.0.0.7', systemId, PASSWORD)).toBe(smpp.errors.ESME_RBINDFAIL);
    expect(await bindFrom(port, '127.0.0.5', systemId, PASSWORD)).toBe(0);
  });

  it('a system_id locked by failures elsewhere still binds from the address it bound from lately', async () => {
    const { port } = await setUp();
    const { systemId } = await smppAccessFor(setup.gw, 'demouser');
    const own = '127.0.0.8';
    expect(await bindFrom(port, own, systemId, PASSWORD)).toBe(0);
    // One address spends 10 of its 30 failures on this system_id (and could on two more).
    for (let i = 0; i < 10; i += 1)
      expect(await bindFrom(port, '127.0.0.9', systemId, `wrong${i}`)).toBe(smpp.errors.ESME_RINVPASWD);
    // The customer's own ESME binds again (a reconnect); an address never bound from is held.
    expect(await bindFrom(port, own, systemId, PASSWORD)).toBe(0);
    expect(await bindFrom(port, '127.0.0.10', systemId, PASSWORD)).toBe(smpp.errors.ESME_RBINDFAIL);
    // Once the 15 minutes are over, any address binds again.
    setup.gw.clock.advance(15 * 60_000);
    expect(await bindFrom(port, '127.0.0.10', systemId, PASSWORD)).toBe(0);
  });

  it('trusts the address a day after its bind closed, the hourly sweep passed, and no longer after', async () => {
    const { port } = await setUp();
    const { systemId } = await smppAccessFor(setup.gw, 'demouser');
    const own = '127.0.0.11';
    expect(await bindFrom(port, own, systemId, PASSWORD)).toBe(0);
    await bindsClosed();
    // Bound at 10:00, the sweep after midnight, then a lock from elsewhere.
    setup.gw.clock.advance(23 * 3_600_000);
    await pruneRateLimits(setup.gw.ctx);
    await lockFrom(port, '127.0.0.12', systemId);
    expect(await bindFrom(port, own, systemId, PASSWORD)).toBe(0);
    await bindsClosed();
    // Unseen for a day since: held like any address.
    setup.gw.clock.advance(LONGEST_WINDOW_MS + 15 * 60_000);
    await lockFrom(port, '127.0.0.12', systemId);
    expect(await bindFrom(port, own, systemId, PASSWORD)).toBe(smpp.errors.ESME_RBINDFAIL);
  });

  it('keeps the address of a bind open for days trusted, for a second bind from it', async () => {
    const { port, server } = await setUp();
    const { systemId } = await smppAccessFor(setup.gw, 'demouser');
    const own = '127.0.0.13';
    const open = await sessionFrom(port, own);
    expect((await request(open, 'bind_transceiver', { system_id: systemId, password: PASSWORD })).command_status).toBe(
      0,
    );
    setup.gw.clock.advance(3 * LONGEST_WINDOW_MS);
    await server.heartbeat();
    await lockFrom(port, '127.0.0.14', systemId);
    expect(await bindFrom(port, own, systemId, PASSWORD)).toBe(0);
    open.destroy();
  });

  it('holds a trusted address after 10 failures of its own, and forgets it at a new password', async () => {
    const { port } = await setUp();
    const { systemId, user } = await smppAccessFor(setup.gw, 'demouser');
    const own = '127.0.0.15';
    expect(await bindFrom(port, own, systemId, PASSWORD)).toBe(0);
    for (let i = 0; i < 10; i += 1)
      expect(await bindFrom(port, own, systemId, `wrong${i}`)).toBe(smpp.errors.ESME_RINVPASWD);
    // 10 guesses a window from it too, not its address's 30.
    expect(await bindFrom(port, own, systemId, `wrong10`)).toBe(smpp.errors.ESME_RBINDFAIL);
    setup.gw.clock.advance(15 * 60_000);
    expect(await bindFrom(port, own, systemId, PASSWORD)).toBe(0);
    await bindsClosed();
    await updateSmppAccess(setup.gw.ctx, user, { password: 'new45678' }, TEST_SOURCE);
    await lockFrom(port, '127.0.0.16', systemId);
    expect(await bindFrom(port, own, systemId, 'new45678')).toBe(smpp.errors.ESME_RBINDFAIL);
  });
});

/** Ten wrong passwords for the system_id from one address: its binds are held for 15 minutes. */
async function lockFrom(port: number, address: string, systemId: string) {
  for (let i = 0; i < 10; i += 1)
    expect(await bindFrom(port, address, systemId, `wrong${i}`)).toBe(smpp.errors.ESME_RINVPASWD);
}

/** Every bind closed on the gateway's side (its address noted, its row dropped). */
const bindsClosed = () =>
  eventually(async () => {
    expect(await setup.gw.ctx.db.selectFrom('smpp_binds').select('id').execute()).toEqual([]);
  });

async function sessionFrom(port: number, localAddress: string) {
  return new Promise<Session>((resolve, reject) => {
    const s = smpp.connect({ host: '127.0.0.1', port, localAddress } as never, () => resolve(s));
    s.on('error', reject);
  });
}
