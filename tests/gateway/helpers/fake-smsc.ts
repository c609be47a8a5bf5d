// An SMSC in the test process (the `smpp` package's server side): it keeps a ledger of every submit it
// accepted and injects the faults real carriers show. Tests and the carrier bench share it.
import smpp, { type PDU, type Server, type Session } from 'smpp';
import type { AddressInfo } from 'node:net';
import type { SmppSettings } from '../../../server/src/carrier/carrier-url';

export interface LedgerEntry {
  session: number;
  to: string;
  from: string;
  fromTon: number;
  fromNpi: number;
  dataCoding: number;
  esmClass: number;
  shortMessage: Buffer;
  /** The id as the submit answer gave it. */
  messageId: string;
}

export interface SmscFaults {
  /** The password binds must give (else ESME_RINVPASWD). */
  password: string;
  /** Every Nth submit is answered ESME_RTHROTTLED (0 = never). */
  throttleEvery: number;
  /** Destinations refused with this status. */
  reject: Map<string, number>;
  /**
   * Drop the link once, when this many submits (counted over the SMSC's life) have arrived, with
   * what is already on the wire unanswered; `takeLast` takes those into the ledger (accepted, the
   * answers lost), else they are lost with the link.
   */
  dropAt: number;
  takeLast: boolean;
  /** Submits arriving get no answer at all (they are still taken when `takeLast`). */
  silent: boolean;
  /** Receipts: none, or DELIVRD (or the state per number), after `receiptDelayMs`. */
  receipts: boolean;
  receiptState: (to: string) => string;
  receiptDelayMs: number;
  /** Receipts sent in reverse order of acceptance, each batch of this many. */
  reverseBatch: number;
  /** Every receipt sent twice. */
  twice: boolean;
  /** The receipt is sent before the submit answer. */
  receiptFirst: boolean;
  /** How ids are spelled: answer and receipt alike, hex answer / decimal receipt, or the reverse. */
  ids: 'same' | 'hex-then-decimal' | 'decimal-then-hex';
}

const DEFAULTS: SmscFaults = {
  password: 'secret',
  throttleEvery: 0,
  reject: new Map(),
  dropAt: 0,
  takeLast: false,
  silent: false,
  receipts: true,
  receiptState: () => 'DELIVRD',
  receiptDelayMs: 0,
  reverseBatch: 0,
  twice: false,
  receiptFirst: false,
  ids: 'same',
};

const STATE_NUMBER: Record<string, number> = {
  ENROUTE: 1,
  DELIVRD: 2,
  EXPIRED: 3,
  DELETED: 4,
  UNDELIV: 5,
  ACCEPTD: 6,
  UNKNOWN: 7,
  REJECTD: 8,
};

const stamp = (t: number) => {
  const d = new Date(t);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(d.getUTCFullYear() % 100)}${two(d.getUTCMonth() + 1)}${two(d.getUTCDate())}${two(d.getUTCHours())}${two(d.getUTCMinutes())}`;
};

/**
 * The short message's bytes as they came: the package hands them over decoded ({ udh, message }), so
 * they are encoded again with the package's own GSM and UCS-2 coders, independent of the gateway's.
 */
function rawShortMessage(pdu: PDU): Buffer {
  const value = pdu.short_message as unknown;
  if (Buffer.isBuffer(value)) return value;
  const { udh, message } = (value ?? {}) as { udh?: Buffer[]; message?: string | Buffer };
  const header = udh?.length
    ? Buffer.concat([Buffer.from([udh.reduce((n, ie) => n + ie.length, 0)]), ...udh])
    : Buffer.alloc(0);
  const coder = Number(pdu.data_coding) === 8 ? smpp.encodings.UCS2 : smpp.encodings.ASCII;
  const body = typeof message === 'string' ? coder.encode(message) : (message ?? Buffer.alloc(0));
  return Buffer.concat([header, body]);
}

/** Connector settings for this SMSC: its password, a large rate, and whatever a test changes. */
export const settingsFor = (port: number, over: Partial<SmppSettings> = {}): SmppSettings => ({
  kind: 'smpp',
  tls: false,
  host: '127.0.0.1',
  port,
  systemId: 'gateway',
  password: 'secret',
  systemType: '',
  bind: 'transceiver',
  window: 10,
  tps: 100_000,
  enquireS: 30,
  timeoutS: 2,
  ids: 'same',
  ...over,
});

export class FakeSmsc {
  readonly ledger: LedgerEntry[] = [];
  faults: SmscFaults = { ...DEFAULTS, reject: new Map() };
  binds = 0;
  refusedBinds = 0;
  submits = 0;
  enquiresAnswered = 0;
  enquiresSeen = 0;
  /** Unbinds the gateway sent (a clean stop). */
  unbinds = 0;
  receiptsSent = 0;
  receiptsAcked = 0;
  /** The most submits one session had unanswered at once: the client's window, seen from here. */
  maxOutstanding = 0;
  private outstanding = new Map<Session, number>();
  private server: Server | null = null;
  private sessions = new Set<Session>();
  /** Sessions that may receive deliver_sm: transceivers and receivers. */
  private receivers = new Set<Session>();
  private nextId = 0x1000;
  private pendingReverse: (() => void)[] = [];
  private dying = new Set<Session>();
  private unacked = new Map<Session, Set<() => void>>();
  /** Receipts with no bound session to go to: sent on the next bind, as SMSCs keep them. */
  private held: (() => void)[] = [];

  get port(): number {
    return (this.server?.address() as AddressInfo).port;
  }

  setFaults(faults: Partial<SmscFaults>) {
    this.faults = { ...this.faults, ...faults };
  }

  /** Listens on a free port; with a key and certificate, over TLS (smpps://). */
  async start(tls: { key: Buffer; cert: Buffer } | Record<string, never> = {}): Promise<void> {
    this.server = smpp.createServer(tls, (session) => this.onSession(session));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
  }

  async stop(): Promise<void> {
    this.dropAll();
    await new Promise<void>((resolve) => this.server?.close(() => resolve()));
  }

  /** Cuts every link at once (a network fault): unanswered submits stay unanswered. */
  dropAll() {
    for (const session of this.sessions) session.destroy();
    this.sessions.clear();
    this.receivers.clear();
    this.dying.clear();
  }

  /** Sends enquire_link from the SMSC's side to every bound session. */
  enquireClients() {
    for (const session of this.sessions) {
      session.send(new smpp.PDU('enquire_link'), () => {
        this.enquiresAnswered += 1;
      });
    }
  }

  /**
   * A message from a phone (a deliver_sm that is not a receipt) to every bound receiver; resolves when
   * one answers it (after the gateway stored it).
   */
  fromPhone(from: string, to: string, text: string): Promise<void> {
    return new Promise((resolve) => {
      for (const session of this.receivers) {
        session.send(
          new smpp.PDU('deliver_sm', {
            source_addr_ton: 1,
            source_addr_npi: 1,
            source_addr: from,
            dest_addr_ton: 5,
            dest_addr_npi: 0,
            destination_addr: to,
            esm_class: 0,
            data_coding: 0,
            short_message: Buffer.from(text, 'latin1'),
          }),
          () => resolve(),
        );
      }
    });
  }

  /** Texts accepted per destination, each reassembled from its parts by the caller's decoder. */
  acceptedTo(to: string) {
    return this.ledger.filter((e) => e.to === to);
  }

  private onSession(session: Session) {
    const number = this.binds + this.refusedBinds + 1;
    session.socket.setNoDelay(true);
    session.on('error', () => session.destroy());
    session.on('close', () => {
      this.sessions.delete(session);
      this.receivers.delete(session);
      for (const again of this.unacked.get(session) ?? []) this.held.push(again);
      this.unacked.delete(session);
    });
    const bind = (pdu: PDU) => {
      if (pdu.password !== this.faults.password) {
        this.refusedBinds += 1;
        session.send(pdu.response({ command_status: smpp.errors.ESME_RINVPASWD }));
        return;
      }
      this.binds += 1;
      this.sessions.add(session);
      if (pdu.command !== 'bind_transmitter') this.receivers.add(session);
      session.send(pdu.response({ system_id: 'FAKESMSC' }));
      if (pdu.command !== 'bind_transmitter') for (const receipt of this.held.splice(0)) receipt();
    };
    session.on('bind_transceiver', bind);
    session.on('bind_transmitter', bind);
    session.on('bind_receiver', bind);
    session.on('enquire_link', (pdu: PDU) => {
      this.enquiresSeen += 1;
      session.send(pdu.response());
    });
    session.on('unbind', (pdu: PDU) => {
      this.unbinds += 1;
      session.send(pdu.response());
      session.close();
    });
    session.on('submit_sm', (pdu: PDU) => this.onSubmit(session, number, pdu));
  }

  private onSubmit(session: Session, sessionNumber: number, pdu: PDU) {
    const f = this.faults;
    this.submits += 1;
    const open = (this.outstanding.get(session) ?? 0) + 1;
    this.outstanding.set(session, open);
    this.maxOutstanding = Math.max(this.maxOutstanding, open);
    const respond = (options: Record<string, unknown>) => {
      this.outstanding.set(session, (this.outstanding.get(session) ?? 1) - 1);
      session.send(pdu.response(options));
    };
    const to = String(pdu.destination_addr);
    if (f.throttleEvery > 0 && this.submits % f.throttleEvery === 0) {
      respond({ command_status: smpp.errors.ESME_RTHROTTLED });
      return;
    }
    const refusal = f.reject.get(to);
    if (refusal !== undefined) {
      respond({ command_status: refusal });
      return;
    }
    // The link goes down once, after what already arrived on it is read: those submits are taken
    // (with takeLast) but their answers are lost with the link.
    const dropping = this.dying.has(session) || (f.dropAt > 0 && this.submits >= f.dropAt);
    if (dropping && !this.dying.has(session)) {
      this.faults = { ...f, dropAt: 0 };
      this.dying.add(session);
      setImmediate(() => this.dropAll());
    }
    const unanswered = dropping || f.silent;
    if (unanswered && !f.takeLast) return;
    const id = (this.nextId += 1);
    const answerId = f.ids === 'hex-then-decimal' ? id.toString(16).toUpperCase() : String(id);
    const receiptId = f.ids === 'decimal-then-hex' ? id.toString(16) : String(id);
    const shortMessage = rawShortMessage(pdu);
    this.ledger.push({
      session: sessionNumber,
      to,
      from: String(pdu.source_addr),
      fromTon: Number(pdu.source_addr_ton),
      fromNpi: Number(pdu.source_addr_npi),
      dataCoding: Number(pdu.data_coding),
      esmClass: Number(pdu.esm_class),
      shortMessage,
      messageId: answerId,
    });
    const receipt = () => this.sendReceipt(receiptId, pdu, to);
    if (unanswered) {
      // Taken, the answer lost: the message is delivered and its receipt comes all the same.
      if (f.receipts) this.schedule(receipt);
      return;
    }
    const answer = () => respond({ message_id: answerId });
    if (f.receiptFirst && f.receipts) {
      receipt();
      setTimeout(answer, 20);
    } else {
      answer();
      if (f.receipts) this.schedule(receipt);
    }
  }

  private schedule(receipt: () => void) {
    const f = this.faults;
    if (f.reverseBatch > 0) {
      this.pendingReverse.push(receipt);
      const flush = () => {
        const batch = this.pendingReverse.splice(0).reverse();
        setTimeout(() => batch.forEach((r) => r()), f.receiptDelayMs);
      };
      if (this.pendingReverse.length >= f.reverseBatch) flush();
      // A batch that never fills is sent anyway, a little later.
      else setTimeout(() => this.pendingReverse.length > 0 && flush(), f.receiptDelayMs + 50);
      return;
    }
    if (f.receiptDelayMs > 0) setTimeout(receipt, f.receiptDelayMs);
    else setImmediate(receipt);
  }

  /** A receipt as SMSCs send it, on any bound session of this SMSC (receipts may arrive on another one). */
  private sendReceipt(id: string, submit: PDU, to: string) {
    const session = [...this.receivers].at(-1);
    if (!session) {
      this.held.push(() => this.sendReceipt(id, submit, to));
      return;
    }
    const now = Date.now();
    const state = this.faults.receiptState(to);
    const text = `id:${id} sub:001 dlvrd:${state === 'DELIVRD' ? '001' : '000'} submit date:${stamp(now)} done date:${stamp(now)} stat:${state} err:${state === 'DELIVRD' ? '000' : '001'} text:`;
    // A receipt not answered before its link goes is sent again on the next bind, as SMSCs do.
    const again = () => this.sendReceipt(id, submit, to);
    const open = this.unacked.get(session) ?? new Set<() => void>();
    this.unacked.set(session, open);
    open.add(again);
    const send = () => {
      this.receiptsSent += 1;
      session.send(
        new smpp.PDU('deliver_sm', {
          source_addr_ton: 1,
          source_addr_npi: 1,
          source_addr: to,
          dest_addr_ton: Number(submit.source_addr_ton),
          dest_addr_npi: Number(submit.source_addr_npi),
          destination_addr: String(submit.source_addr),
          esm_class: 0x04,
          data_coding: 0,
          short_message: Buffer.from(text, 'latin1'),
          receipted_message_id: id,
          message_state: STATE_NUMBER[state] ?? 7,
        }),
        () => {
          open.delete(again);
          this.receiptsAcked += 1;
        },
      );
    };
    send();
    if (this.faults.twice) send();
  }
}
