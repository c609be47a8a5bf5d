import { SqliteDialect, type Driver } from 'kysely';

/**
 * SQLite work a turn of the event loop may start. better-sqlite3 answers without waiting for the
 * loop, so transactions queued in one turn (a group of SMPP submits, a batch of carrier receipts, a
 * step of the receipts' fan-out: 10 to 30 ms each under load) would otherwise all run in it, back to
 * back, with every timer and socket waiting: 60 to 170 ms under SMPP saturation (docs/smpp.md).
 */
export const TURN_BUDGET_MS = 10;

let turnStart = 0;
let inTurn = false;
const endTurn = () => {
  inTurn = false;
};

/**
 * Resolves when this turn may start one more statement or transaction: at once while it has run less
 * than TURN_BUDGET_MS since its first, else in a later turn, after timers and I/O (a timer, not
 * setImmediate: an immediate queued from I/O runs in the same turn). A turn's clock starts at its
 * first SQLite work and stops when the loop reaches its timers again.
 */
async function waitForTurn(): Promise<void> {
  for (;;) {
    const now = performance.now();
    if (!inTurn) {
      inTurn = true;
      turnStart = now;
      setTimeout(endTurn, 0);
      return;
    }
    if (now - turnStart < TURN_BUDGET_MS) return;
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

/**
 * Kysely's SQLite dialect whose one connection is handed out only when the turn may start more work:
 * every statement outside a transaction and every transaction waits its turn, the statements inside
 * a transaction do not.
 */
export class TurnTakingSqliteDialect extends SqliteDialect {
  override createDriver(): Driver {
    const driver = super.createDriver();
    const acquire = driver.acquireConnection.bind(driver);
    driver.acquireConnection = async () => {
      // Taken first: work asked for in one turn queues for the one connection, and each checks the
      // budget as its own turn comes (not all at once, before any of them ran).
      const connection = await acquire();
      await waitForTurn();
      return connection;
    };
    return driver;
  }
}
