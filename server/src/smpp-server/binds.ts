// The binds open on one instance's SMPP server (docs/smpp.md#binds): bind requests checked and
// registered, each account's row, throughput and receiver binds kept while it is bound here, and the
// heartbeat that keeps the binds' rows alive and applies changed settings.
import { randomBytes } from 'node:crypto';
import smpp, { type PDU } from 'smpp';
import type { GatewayContext } from '../core/context';
import type { UserRow } from '../db/schema-core';
import type { SmppAccountRow } from '../db/schema-smpp';
import { findAccount } from '../accounts/account-store';
import { accountsById, checkBind, dropBind, heartbeatBinds, noteBoundAddress, registerBind } from './access';
import { respond, type BindType, type Conn } from './connection';
import type { Sessions } from './sessions';

/** What the server answers binds with as its own system_id. */
export const SERVER_SYSTEM_ID = 'BULKSMS';
/** How often an open bind's address is noted again as binding its system_id (noteBoundAddress). */
const NOTE_BOUND_EVERY_MS = 3_600_000;

/** At most `rate` parts a second with a burst of one second's worth; 0 takes nothing. */
export class PartsBucket {
  private tokens: number;
  private at = performance.now();
  constructor(public rate: number) {
    this.tokens = rate;
  }
  take(parts: number): boolean {
    const now = performance.now();
    this.tokens = Math.min(this.rate, this.tokens + ((now - this.at) / 1000) * this.rate);
    this.at = now;
    if (this.rate <= 0 || this.tokens < parts) return false;
    this.tokens -= parts;
    return true;
  }
}

export class Binds {
  /** Receiver and transceiver binds per account. */
  private readonly receivers = new Map<number, Set<Conn>>();
  private readonly buckets = new Map<number, PartsBucket>();
  private readonly users = new Map<number, UserRow>();

  constructor(
    private readonly ctx: GatewayContext,
    /** This instance, as its binds' rows name it. */
    private readonly owner: string,
    private readonly sessions: Sessions,
    /** A receiver bind opened: receipts may go to it. */
    private readonly onReceiver: () => void,
  ) {}

  /** The account of a bind, as last read (on bind, at each heartbeat). */
  user = (profileId: number) => this.users.get(profileId);
  bucket = (profileId: number) => this.buckets.get(profileId);
  private readonly dailyCaps = new Map<number, number | null>();
  /** The account's SMPP daily spending cap as its latest bind or heartbeat read it. */
  dailyCap = (profileId: number) => this.dailyCaps.get(profileId) ?? null;

  /** Accounts with a receiver bind here (open or just closed). */
  accounts = () => [...this.receivers.keys()];

  /** The account's receiver and transceiver binds still open on this instance. */
  openReceivers(profileId: number): Conn[] {
    return [...(this.receivers.get(profileId) ?? [])].filter((c) => !c.closed);
  }

  /** Answers a bind_transmitter, _receiver or _transceiver: checked, registered, or refused with its status. */
  async bind(conn: Conn, pdu: PDU) {
    const type = pdu.command.replace('bind_', '') as BindType;
    if (conn.bound || conn.binding) {
      respond(conn, pdu, { command_status: smpp.errors.ESME_RALYBND });
      return;
    }
    conn.binding = true;
    const systemId = String(pdu.system_id ?? '');
    let accountId: number | null = null;
    const refuse = (status: string, reason: string) => {
      this.ctx.observers?.smppBind(accountId, status);
      // Logged with the system_id and address, never the password.
      this.ctx.log?.(
        `SMPP bind refused: ${type} '${systemId.slice(0, 16)}' from ${conn.ip}: ${reason} (${status})`,
        { accountId },
        'warn',
      );
      respond(conn, pdu, { command_status: smpp.errors[status] });
      conn.binding = false;
    };
    try {
      const verdict = await checkBind(this.ctx, systemId, String(pdu.password ?? ''), conn.ip);
      if (!verdict.ok) return refuse(verdict.status, verdict.reason);
      const account = verdict.account;
      accountId = account.profile_id;
      const user = await findAccount(this.ctx, account.profile_id);
      if (!user) return refuse('ESME_RBINDFAIL', 'account not found');
      const id = `${this.owner}:${randomBytes(6).toString('hex')}`;
      const registered = await registerBind(this.ctx, {
        id,
        profileId: account.profile_id,
        type,
        instance: this.owner,
        remoteIp: conn.ip,
      });
      if (!registered) return refuse('ESME_RBINDFAIL', `all ${account.max_binds} binds are in use`);
      if (conn.closed) {
        await dropBind(this.ctx, id);
        return;
      }
      this.bound(conn, pdu, { id, type, account, user });
    } catch (error) {
      this.ctx.reportError?.('SMPP bind', error);
      refuse('ESME_RSYSERR', 'the gateway could not check the bind');
    }
  }

  private bound(conn: Conn, pdu: PDU, b: { id: string; type: BindType; account: SmppAccountRow; user: UserRow }) {
    const { account, type } = b;
    this.users.set(account.profile_id, b.user);
    this.setBucket(account);
    conn.bound = {
      id: b.id,
      type,
      profileId: account.profile_id,
      systemId: account.system_id,
      notedAt: this.ctx.now(),
    };
    conn.binding = false;
    this.sessions.leaveUnbound(conn);
    respond(conn, pdu, { system_id: SERVER_SYSTEM_ID });
    this.ctx.observers?.smppBind(account.profile_id, 'bound');
    this.ctx.log?.(`SMPP bound: ${type} '${account.system_id}' from ${conn.ip}`, { accountId: account.profile_id });
    if (type === 'transmitter') return;
    const set = this.receivers.get(account.profile_id) ?? new Set<Conn>();
    this.receivers.set(account.profile_id, set);
    set.add(conn);
    this.onReceiver();
  }

  private setBucket(account: SmppAccountRow) {
    this.dailyCaps.set(account.profile_id, account.daily_cap);
    const bucket = this.buckets.get(account.profile_id);
    if (!bucket) this.buckets.set(account.profile_id, new PartsBucket(account.throughput));
    else bucket.rate = account.throughput;
  }

  /** A bind closed: no more receipts go to it. True when its account has no receiver bind left here. */
  forget(conn: Conn): boolean {
    const profileId = conn.bound!.profileId;
    this.receivers.get(profileId)?.delete(conn);
    return this.openReceivers(profileId).length === 0;
  }

  /** A bind closed: its address noted as binding its system_id, its row dropped. */
  async ended(bound: NonNullable<Conn['bound']>, ip: string) {
    await noteBoundAddress(this.ctx, bound.systemId, ip);
    await dropBind(this.ctx, bound.id);
  }

  /**
   * Keeps this instance's binds alive, and applies changed settings: throughput, daily cap, sender IDs, disabling
   * (the binds of a disabled account are given to `close`).
   */
  async heartbeat(close: (conn: Conn) => void) {
    const bound = [...this.sessions.conns].filter((c) => c.bound);
    await heartbeatBinds(
      this.ctx,
      bound.map((c) => c.bound!.id),
    );
    // A bind open for days keeps its address noted (checkBind trusts it for a day after).
    const now = this.ctx.now();
    for (const c of bound)
      if (now - c.bound!.notedAt >= NOTE_BOUND_EVERY_MS) {
        c.bound!.notedAt = now;
        await noteBoundAddress(this.ctx, c.bound!.systemId, c.ip);
      }
    const profileIds = [...new Set(bound.map((c) => c.bound!.profileId))];
    for (const account of await accountsById(this.ctx, profileIds)) {
      this.setBucket(account);
      const user = await findAccount(this.ctx, account.profile_id);
      if (user) this.users.set(account.profile_id, user);
      if (account.enabled !== 1) for (const c of bound) if (c.bound!.profileId === account.profile_id) close(c);
    }
  }
}
