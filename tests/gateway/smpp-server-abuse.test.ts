// The SMPP server against customers that do not play by the rules (docs/smpp.md#binds): octets
// that are no PDU, a PDU cut short by the end of the stream, a customer that never reads its
// answers, and sessions that never bind. The gateway neither stops nor buffers without limit.
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import smpp, { type PDU, type Session } from 'smpp';
import { useTestGateway } from './helpers/test-app';
import { balanceOf, fundedAccount } from './helpers/messaging';
import { bind, connect, PASSWORD, request, smppAccessFor, startSmpp, submit } from './helpers/smpp-customer';
import { SmppServer } from '../../server/src/smpp-server/listener';
import { ANSWERS_HIGH } from '../../server/src/smpp-server/connection';
import { UNBOUND_PER_ADDRESS } from '../../server/src/smpp-server/sessions';

const setup = useTestGateway();

async function setUp(times: { idleMs?: number; bindTimeoutMs?: number } = {}) {
  const gw = await setup.open();
  const smppServer = await startSmpp(gw, { carrier: false, ...times });
  setup.onStop(smppServer.stop);
  const { systemId } = await smppAccessFor(gw, 'demouser');
  return { port: smppServer.port, server: smppServer.server, systemId };
}

/** A session of the `smpp` package, destroyed after the test. */
async function session(port: number): Promise<Session> {
  const s = await connect(port);
  setup.onStop(async () => void s.destroy());
  return s;
}

/** A plain TCP connection, destroyed after the test. */
async function rawSocket(port: number): Promise<net.Socket> {
  const socket = net.connect(port, '127.0.0.1');
  socket.on('error', () => undefined);
  setup.onStop(async () => void socket.destroy());
  await new Promise((resolve) => socket.once('connect', resolve));
  return socket;
}

const closed = (socket: net.Socket) =>
  new Promise<void>((resolve) => (socket.destroyed ? resolve() : socket.once('close', () => resolve())));

async function boundStatus(port: number, systemId: string) {
  const c = await bind(port, systemId, PASSWORD);
  setup.onStop(c.close);
  return c.status;
}

/** A PDU header with this command_length, then `more` octets. */
function header(length: number, more: number) {
  const b = Buffer.alloc(8 + more);
  b.writeUInt32BE(length, 0);
  b.writeUInt32BE(0x15, 4);
  return b;
}

describe('octets that are no PDU', () => {
  it.each([
    ['two octets', Buffer.from([0x00, 0x00])],
    ['a command_length of 8', header(8, 8)],
    ['a command_length of 0xFFFFFFFF', header(0xffffffff, 8)],
  ])('closes the session on %s at the end of the stream, and takes the next bind', async (_, octets) => {
    const { port, systemId } = await setUp();
    const socket = await rawSocket(port);
    socket.on('data', () => undefined);
    socket.end(octets);
    await closed(socket);
    expect(await boundStatus(port, systemId)).toBe(0);
  });

  it('drops a submit_sm cut short by the end of the stream: nothing stored or charged', async () => {
    const { port, systemId } = await setUp();
    await fundedAccount(setup.gw, 'demouser', 100);
    const before = await balanceOf(setup.gw, 'demouser');
    const c = await bind(port, systemId);
    setup.onStop(c.close);
    const pdu = new smpp.PDU('submit_sm', {
      sequence_number: 2,
      source_addr_ton: 5,
      source_addr: 'DEMO',
      dest_addr_ton: 1,
      dest_addr_npi: 1,
      destination_addr: '233241000010',
      short_message: Buffer.from('Transfer 100 to acct 12345678', 'latin1'),
    }) as unknown as { toBuffer(): Buffer };
    const whole = pdu.toBuffer();
    c.session.socket.end(whole.subarray(0, whole.length - 18));
    await closed(c.session.socket);
    // A whole submit on a fresh bind, stored after anything read before it.
    const next = await bind(port, systemId);
    setup.onStop(next.close);
    expect((await submit(next.session, { short_message: Buffer.from('hello', 'latin1') })).command_status).toBe(0);
    const rows = await setup.gw.ctx.db.selectFrom('smpp_submits').select('id').execute();
    expect(rows).toHaveLength(1);
    expect(await balanceOf(setup.gw, 'demouser')).toBe(before - 1);
  });
});

describe('a customer that never reads', () => {
  it('stops reading a session once 1,024 of its answers wait, and goes on when they are read', async () => {
    // The session never binds and is not read for a while: on a loaded machine the exchange outlasts
    // the bind timeout (30 s) and the idle limit, which would close it before every answer is read.
    const { port, server, systemId } = await setUp({ idleMs: 600_000, bindTimeoutMs: 600_000 });
    const socket = await rawSocket(port);
    socket.pause();
    const perChunk = 4096;
    const chunk = Buffer.alloc(16 * perChunk);
    for (let i = 0; i < perChunk; i += 1) {
      chunk.writeUInt32BE(16, i * 16);
      chunk.writeUInt32BE(0x15, i * 16 + 4);
      chunk.writeUInt32BE(i + 1, i * 16 + 12);
    }
    // enquire_link until the gateway stops reading them and the customer's own writes back up.
    let sent = 0;
    // The customer writes while its own writes go out, then waits a turn at a time for the answers
    // to back up in the gateway (its reads take a few hundred PDUs a turn).
    while (server.answersWaiting <= ANSWERS_HIGH / 2 || socket.writableLength < 1 << 20) {
      expect(socket.destroyed, 'the session closed before the gateway stopped reading it').toBe(false);
      if (socket.writableLength < 1 << 20) {
        expect(sent, 'bytes sent before the gateway stopped reading').toBeLessThan(64 << 20);
        socket.write(chunk);
        sent += chunk.length;
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
    // Still answering others meanwhile, while this session is not read.
    expect(await boundStatus(port, systemId)).toBe(0);
    expect(server.answersWaiting).toBeLessThanOrEqual(ANSWERS_HIGH + 1);
    let received = 0;
    const all = new Promise<void>((resolve, reject) => {
      socket.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (received === sent) resolve();
      });
      socket.once('close', () =>
        reject(new Error(`the gateway closed the session after ${received} of ${sent} bytes`)),
      );
    });
    socket.resume();
    await all;
    expect(received).toBe(sent);
    // Megabytes each way: about 10 s on SQLite here, minutes on a loaded machine (the limit is a hang guard).
  }, 180_000);
});

describe('sessions that never bind', () => {
  it('closes an unbound session after the bind timeout, enquire_link or not; a bound one stays', async () => {
    const gw = await setup.open();
    const idleMs = 400;
    const bindTimeoutMs = 1500;
    const server = new SmppServer(gw.ctx, { idleMs, bindTimeoutMs });
    setup.onStop(() => server.stop());
    const port = await server.listen(0, '127.0.0.1');
    const { systemId } = await smppAccessFor(gw, 'demouser');
    const kept = await bind(port, systemId);
    setup.onStop(kept.close);
    expect(kept.status).toBe(0);
    const opened = performance.now();
    const unbound = await session(port);
    let answered = 0;
    const keepAlive = setInterval(() => {
      kept.session.send(new smpp.PDU('enquire_link'));
      unbound.send(new smpp.PDU('enquire_link'), () => (answered += 1));
    }, idleMs / 2);
    try {
      await closed(unbound.socket);
    } finally {
      clearInterval(keepAlive);
    }
    const lasted = performance.now() - opened;
    expect(lasted).toBeGreaterThanOrEqual(bindTimeoutMs - 20);
    expect(lasted).toBeLessThan(bindTimeoutMs + 1000);
    expect(answered).toBeGreaterThanOrEqual(3);
    expect(kept.session.socket.destroyed).toBe(false);
    expect((await request(kept.session, 'enquire_link')).command_status).toBe(0);
  });

  it(`closes the unbound session past ${UNBOUND_PER_ADDRESS} from one address as it opens`, async () => {
    const { port, systemId } = await setUp();
    const open: Session[] = [];
    for (let i = 0; i < UNBOUND_PER_ADDRESS; i += 1) {
      const s = await session(port);
      expect((await request(s, 'enquire_link')).command_status).toBe(0);
      open.push(s);
    }
    const refused = await rawSocket(port);
    refused.on('data', () => undefined);
    await closed(refused);
    // One of them binds: it no longer counts, and the next session is taken.
    const resp: PDU = await request(open[0]!, 'bind_transceiver', { system_id: systemId, password: PASSWORD });
    expect(resp.command_status).toBe(0);
    const next = await session(port);
    expect((await request(next, 'enquire_link')).command_status).toBe(0);
  });
});
