// A customer's ESME for the SMPP server tests: the `smpp` package's client, binding to the gateway's
// SMPP server started in the test process over the test gateway's context.
import smpp, { type PDU, type Session } from 'smpp';
import { eventually } from './eventually';
import type { TestGateway } from './test-app';
import { tokenFor } from './test-app';
import { SmppServer } from '../../../server/src/smpp-server/listener';
import { updateSmppAccess } from '../../../server/src/smpp-server/access-settings';
import { tickCarrier } from '../../../server/src/carrier/delivery';
import type { UpdateSmppAccessBody } from '../../../src/domain/account/smpp-access';

export const PASSWORD = 'pw123456';

/** Where a test's own changes of SMPP access come from, as the audit log records it. */
export const TEST_SOURCE = { ip: '127.0.0.1', userAgent: 'test' };

/** The gateway's SMPP server on a free port, with the carrier (the simulator) ticking beside it. */
export async function startSmpp(
  gw: TestGateway,
  options: { idleMs?: number; bindTimeoutMs?: number; carrier?: boolean } = {},
) {
  const server = new SmppServer(gw.ctx, { idleMs: options.idleMs ?? 60_000, bindTimeoutMs: options.bindTimeoutMs });
  const port = await server.listen(0, '127.0.0.1');
  let ticking: Promise<unknown> | null = null;
  const carrier =
    options.carrier === false
      ? null
      : setInterval(() => {
          ticking ??= tickCarrier(gw.ctx)
            .catch(() => undefined)
            .finally(() => {
              ticking = null;
            });
        }, 20);
  return {
    server,
    port,
    async stop() {
      if (carrier) clearInterval(carrier);
      await ticking;
      await server.stop();
    },
  };
}

/** SMPP access for a seeded user with a known password and a large throughput; its system_id. */
export async function smppAccessFor(gw: TestGateway, username: string, over: Partial<UpdateSmppAccessBody> = {}) {
  const user = await tokenFor(gw, username);
  const answer = await updateSmppAccess(
    gw.ctx,
    user,
    {
      password: PASSWORD,
      throughput: 10_000,
      maxBinds: 5,
      enabled: true,
      ...over,
    },
    TEST_SOURCE,
  );
  return { user, systemId: answer.systemId };
}

export interface Customer {
  session: Session;
  /** Receipts and other deliver_sm received, in order. */
  delivered: PDU[];
  /** Whether deliver_sm is answered (false: received and left unanswered). */
  answer: boolean;
  close(): Promise<void>;
}

/** Connects without binding. */
export function connect(port: number): Promise<Session> {
  return new Promise((resolve, reject) => {
    const session = smpp.connect({ host: '127.0.0.1', port }, () => resolve(session));
    session.on('error', reject);
  });
}

/** Sends a PDU and resolves with its answer. */
export const request = (session: Session, command: string, options: Record<string, unknown> = {}) =>
  new Promise<PDU>((resolve) => {
    session.send(new smpp.PDU(command, options), resolve);
  });

/** Binds; resolves with the customer and the bind answer's status (0 when bound). */
export async function bind(
  port: number,
  systemId: string,
  password = PASSWORD,
  type: 'transmitter' | 'receiver' | 'transceiver' = 'transceiver',
): Promise<Customer & { status: number }> {
  const session = await connect(port);
  const customer: Customer = {
    session,
    delivered: [],
    answer: true,
    close: () =>
      new Promise<void>((resolve) => {
        if (session.socket.destroyed) return resolve();
        session.socket.once('close', () => resolve());
        session.destroy();
      }),
  };
  session.on('deliver_sm', (pdu: PDU) => {
    customer.delivered.push(pdu);
    if (customer.answer) session.send(pdu.response());
  });
  const resp = await request(session, `bind_${type}`, { system_id: systemId, password });
  return Object.assign(customer, { status: resp.command_status });
}

/** A submit_sm with raw short_message bytes (never re-encoded by the package). */
export function submit(session: Session, fields: Record<string, unknown>) {
  return request(session, 'submit_sm', {
    source_addr_ton: 5,
    source_addr_npi: 0,
    source_addr: 'DEMO',
    dest_addr_ton: 1,
    dest_addr_npi: 1,
    destination_addr: '233241000010',
    registered_delivery: 1,
    data_coding: 0,
    ...fields,
  });
}

/** The receipt text of a deliver_sm, whichever way the package decoded it. */
export function receiptTextOf(pdu: PDU): string {
  const value = pdu.short_message as unknown;
  if (typeof value === 'string') return value;
  if (Buffer.isBuffer(value)) return value.toString('latin1');
  const message = (value as { message?: unknown })?.message;
  return typeof message === 'string' ? message : Buffer.isBuffer(message) ? message.toString('latin1') : '';
}

export const receiptField = (pdu: PDU, name: string) =>
  new RegExp(`(?:^|\\s)${name}:(\\S*)`).exec(receiptTextOf(pdu))?.[1];

/** Waits until the customer holds `count` deliver_sm. */
export async function receiptsArrive(customer: Pick<Customer, 'delivered'>, count: number, timeout = 15_000) {
  await eventually(() => {
    if (customer.delivered.length < count) throw new Error(`${customer.delivered.length} of ${count} receipts arrived`);
  }, timeout);
  return customer.delivered;
}

/** GSM 03.38 unpacked septets of plain ASCII letters (the same codes), for tests that build raw bytes. */
export const gsmAscii = (text: string) => Buffer.from(text, 'latin1');

/** UCS-2 big-endian. */
export const ucs2 = (text: string) => {
  const out = Buffer.alloc(text.length * 2);
  for (let i = 0; i < text.length; i += 1) out.writeUInt16BE(text.charCodeAt(i), i * 2);
  return out;
};
