// Failed binds (docs/smpp.md#binds): one address over its own limit locks out no other account, an
// unknown system_id is answered as a wrong password, and an address on the account's allow-list is
// not held by its system_id's failures.
import { describe, expect, it } from 'vitest';
import smpp, { type Session } from 'smpp';
import { useTestGateway } from './helpers/test-app';
import { PASSWORD, request, smppAccessFor, startSmpp } from './helpers/smpp-customer';

const setup = useTestGateway();

async function setUp() {
  const gw = await setup.open();
  const smppServer = await startSmpp(gw, { carrier: false });
  setup.onStop(smppServer.stop);
  return { port: smppServer.port };
}

/** One bind from `localAddress` (any of 127.0.0.0/8); its answer's status, the session closed. */
async function bindFrom(port: number, localAddress: string, systemId: string, password: string) {
  const session = await new Promise<Session>((resolve, reject) => {
    const s = smpp.connect({ host: '127.0.0.1', port, localAddress } as never, () => resolve(s));
    s.on('error', reject);
  });
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
});
