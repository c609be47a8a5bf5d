// An SMPP customer as a real ESME behaves behind one address (docs/smpp.md#disconnects-and-restarts):
// when its link is cut it binds again, to the same address, until an instance answers there; it
// submits at its own pace, waits on ESME_RTHROTTLED, and never submits again what was cut before its
// answer (that submit is in doubt from its side). It answers every deliver_sm and keeps the receipts.
import smpp, { type PDU, type Session } from 'smpp';
import { eventually } from './eventually';

const THROTTLED = 0x58;

type Answer = { status: number; messageId: string } | 'cut';

export class RebindingCustomer {
  /** message_id answered -> destination. */
  readonly answered = new Map<string, string>();
  /** Destinations whose submit was cut before its answer. */
  readonly inDoubt: string[] = [];
  /** receipted_message_id -> how many deliver_sm receipts carried it. */
  readonly receipts = new Map<string, number>();
  binds = 0;
  /** Links cut under it (not closed by the customer). */
  cuts = 0;
  /** Receipts received after its first cut link. */
  receiptsAfterCut = 0;
  /** The status of each bind refused. */
  readonly refusals: number[] = [];
  private session: Session | null = null;
  private stopped = false;

  constructor(
    readonly port: number,
    private readonly systemId: string,
    private readonly password: string,
  ) {}

  /** Binds (again) until an instance on the port takes the bind. */
  async bind(): Promise<void> {
    await eventually(() => this.tryBind(), 120_000);
  }

  private async tryBind(): Promise<void> {
    if (this.stopped) return;
    const session = await new Promise<Session>((resolve, reject) => {
      // enquire_link every 10 s, as ESMEs keep a quiet bind alive (SMPP_IDLE_S closes a silent one).
      const s = smpp.connect({ host: '127.0.0.1', port: this.port, auto_enquire_link_period: 10_000 }, () =>
        resolve(s),
      );
      s.on('error', reject);
    });
    // Listening before the bind: a receipt may come in the same packet as the bind's answer.
    session.on('deliver_sm', (pdu: PDU) => {
      const id = String(pdu.receipted_message_id ?? '');
      this.receipts.set(id, (this.receipts.get(id) ?? 0) + 1);
      if (this.cuts > 0) this.receiptsAfterCut += 1;
      session.send(pdu.response());
    });
    const status = await new Promise<number>((resolve) => {
      session.on('close', () => resolve(-1));
      session.send(
        new smpp.PDU('bind_transceiver', { system_id: this.systemId, password: this.password }),
        (resp: PDU) => resolve(resp.command_status),
      );
    });
    if (status !== 0) {
      this.refusals.push(status);
      session.destroy();
      throw new Error(`bind to ${this.port} answered ${status}`);
    }
    this.binds += 1;
    session.on('error', () => undefined);
    session.on('close', () => {
      if (this.session !== session) return;
      this.session = null;
      this.cuts += 1;
      if (!this.stopped) void this.bind();
    });
    this.session = session;
  }

  private submitOnce(to: string, from: string, text: string): Promise<Answer> {
    const session = this.session;
    if (!session) return Promise.resolve('cut');
    return new Promise((resolve) => {
      const cut = () => resolve('cut');
      session.socket.once('close', cut);
      session.send(
        new smpp.PDU('submit_sm', {
          source_addr_ton: 5,
          source_addr_npi: 0,
          source_addr: from,
          dest_addr_ton: 1,
          dest_addr_npi: 1,
          destination_addr: to,
          registered_delivery: 1,
          data_coding: 0,
          short_message: Buffer.from(text, 'latin1'),
        }),
        (resp: PDU) => {
          session.socket.off('close', cut);
          resolve({ status: resp.command_status, messageId: String(resp.message_id ?? '') });
        },
      );
    });
  }

  /** Submits to each number once from sender `from` (waiting for a bind and on throttling), `window` at a time. */
  async submitAll(numbers: readonly string[], from: string, window = 4): Promise<void> {
    const queue = [...numbers];
    const worker = async () => {
      for (let to = queue.shift(); to !== undefined; to = queue.shift()) {
        for (;;) {
          if (!this.session) await eventually(() => this.assertBound(), 120_000);
          const answer = await this.submitOnce(to, from, `${from}: your code for ${to.slice(-4)} is ready`);
          if (answer === 'cut') {
            this.inDoubt.push(to);
            break;
          }
          if (answer.status === 0) {
            this.answered.set(answer.messageId, to);
            break;
          }
          if (answer.status !== THROTTLED) throw new Error(`submit to ${to} refused with ${answer.status}`);
          // The customer's own back-off on ESME_RTHROTTLED, as an ESME keeps to its throughput.
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
    };
    await Promise.all(Array.from({ length: window }, worker));
  }

  private assertBound() {
    if (!this.session) throw new Error(`not bound to ${this.port}`);
  }

  /** Answered submits whose receipt has not come. */
  receiptsMissing(): string[] {
    return [...this.answered.keys()].filter((id) => !this.receipts.has(id));
  }

  async close(): Promise<void> {
    this.stopped = true;
    const session = this.session;
    this.session = null;
    if (!session || session.socket.destroyed) return;
    await new Promise<void>((resolve) => {
      session.socket.once('close', () => resolve());
      session.destroy();
    });
  }
}
