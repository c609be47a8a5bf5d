// The submit desk (docs/smpp.md#sending): each submit is stored before it is answered, and a whole
// message goes through the app's send path (sending/accept-singles.ts for a submit that is whole,
// whole-submits.ts; sending/accept-send.ts for a long one joined from its parts, held-groups.ts):
// the same sender rule, opt-out screening and credit per part, taken in the transaction that stores it.
import type { GatewayContext } from '../core/context';
import { decodeText } from '../smpp/text-coding';
import { storeWhole, type Pending } from './whole-submits';
import { hold } from './held-submits';
import { completeGroup, dueHeld, refuseGroups } from './held-groups';
import { refusalOf, type SubmitAnswer, type SubmitRequest } from './submit-answers';

/** Whole messages waiting are stored together, up to this many in one transaction. */
const GROUP_MAX = 200;
/**
 * Groups stored at once: the second stores its rows while the first commits, and waits only for the
 * first's last locks (the balances, the events' append lock), taken in one order (accounts by id),
 * so none deadlocks.
 */
const GROUPS_AT_ONCE = 2;
/**
 * A second group starts beside a running one only when this many submits wait (more than one
 * bind's window): a single bind's submits then gather into one bigger group while the running one
 * commits, which costs fewer statements per submit than two small groups.
 */
const SECOND_GROUP_MIN = 64;
/** How long the first submit of a group waits for the others of its window. */
const GATHER_MS = 1;

/**
 * Accepts the submits of one instance's binds. Whole messages due now, from any bind and account,
 * are stored in groups (group commit): while one group's transaction runs, the submits arriving
 * wait, and the next group takes them all (up to GROUP_MAX) in one transaction; each is answered
 * once that transaction has committed. Parts of long messages and scheduled ones are held in
 * smpp_submits until their message is whole and due (tickHeld), one account at a time.
 */
export class SubmitDesk {
  private queue: Pending[] = [];
  /** Groups being stored: the next one checks its submits while the previous one commits. */
  private storing = 0;
  private gathering: NodeJS.Timeout | null = null;
  private chains = new Map<number, Promise<unknown>>();
  /** Submits taken and not yet answered: what a stop waits for. */
  private open = 0;
  private idle: (() => void)[] = [];

  constructor(private readonly ctx: GatewayContext) {}

  submit(req: SubmitRequest): Promise<SubmitAnswer> {
    this.open += 1;
    const done = (answer: SubmitAnswer) => {
      this.open -= 1;
      if (this.open === 0) for (const wake of this.idle.splice(0)) wake();
      return answer;
    };
    const later = req.dueAt !== null && req.dueAt > this.ctx.now();
    if (req.ref === null && !later) {
      const text = decodeText(req.dataCoding, req.bytes);
      return new Promise<SubmitAnswer>((resolve) => {
        this.queue.push({ req, text, resolve });
        this.nextGroup();
      }).then(done);
    }
    return this.inTurn(req.profileId, () => hold(this.ctx, req)).then(done);
  }

  /** Resolves once every submit taken so far is answered. */
  async drained(): Promise<void> {
    if (this.open === 0) return;
    await new Promise<void>((resolve) => this.idle.push(resolve));
  }

  /** One account's held work runs one step at a time, so two parts never complete one message twice. */
  private inTurn<T>(profileId: number, step: () => Promise<T>): Promise<T> {
    const previous = this.chains.get(profileId) ?? Promise.resolve();
    const next = previous.then(step, step);
    const tail = next.catch(() => undefined);
    this.chains.set(profileId, tail);
    void tail.then(() => {
      if (this.chains.get(profileId) === tail) this.chains.delete(profileId);
    });
    return next;
  }

  /**
   * Starts the next group: at once when a full one waits, else after GATHER_MS for the rest of a
   * window (after a commit, the submits that its answers let the customers send).
   */
  private nextGroup() {
    if (this.storing >= GROUPS_AT_ONCE || this.gathering || this.queue.length === 0) return;
    if (this.storing > 0 && this.queue.length < SECOND_GROUP_MIN) return;
    if (this.queue.length >= GROUP_MAX) {
      void this.storeGroup();
      return;
    }
    this.gathering = setTimeout(() => {
      this.gathering = null;
      void this.storeGroup();
    }, GATHER_MS);
  }

  private async storeGroup() {
    if (this.storing >= GROUPS_AT_ONCE || this.queue.length === 0) return;
    this.storing += 1;
    const group = this.queue.splice(0, GROUP_MAX);
    try {
      await this.storeOrSplit(group);
    } finally {
      this.storing -= 1;
      this.nextGroup();
    }
  }

  /**
   * Stores a group; when its transaction fails (nothing of it was stored), each half is stored on its
   * own, and so on down to the one submit at fault: no submit's fault fails another's (one account's
   * bytes never cost another account its submits), and a fault of the database itself answers each
   * submit with it after at most two tries a submit.
   */
  private async storeOrSplit(group: Pending[]): Promise<void> {
    try {
      await storeWhole(this.ctx, group);
    } catch (error) {
      if (group.length === 1) {
        group[0]!.resolve(refusalOf(this.ctx, error));
        return;
      }
      const half = Math.ceil(group.length / 2);
      await this.storeOrSplit(group.slice(0, half));
      await this.storeOrSplit(group.slice(half));
    }
  }

  /**
   * Held work that is due (held-groups.ts dueHeld): scheduled messages whose time has come are sent
   * on, held submits past their validity refused EXPIRED, and parts whose message never came whole
   * refused UNDELIV, those two a statement for each account's groups, so no account's backlog keeps
   * another's due message waiting.
   */
  async tickHeld(): Promise<void> {
    const { sends, expired, neverWhole } = await dueHeld(this.ctx, this.ctx.now());
    for (const { profileId, key } of sends)
      await this.inTurn(profileId, () => completeGroup(this.ctx, profileId, key, null));
    for (const [profileId, keys] of expired)
      await this.inTurn(profileId, () =>
        refuseGroups(this.ctx, profileId, keys, 'validity period passed', 'EXPIRED', '002'),
      );
    for (const [profileId, keys] of neverWhole)
      await this.inTurn(profileId, () =>
        refuseGroups(this.ctx, profileId, keys, 'the other parts of the message never came', 'UNDELIV', '005'),
      );
  }
}
