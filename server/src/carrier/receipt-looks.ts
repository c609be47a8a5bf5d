// Receipts that beat their submit answers, looked for after the answers' commit, off the send's path
// (parts/receipt-rematch.ts applyReceiptsThatWaited): one look at a time, each for every carrier id
// recorded since the one before.
import type { GatewayContext } from '../core/context';
import type { AcceptedPart } from './parts/part-outcomes';
import { applyReceiptsThatWaited } from './parts/receipt-rematch';

export class ReceiptLooks {
  private lookFor: AcceptedPart[] = [];
  private looking: Promise<void> | null = null;

  constructor(
    private readonly ctx: GatewayContext,
    private readonly connector: string,
  ) {}

  /** Looks for the receipts of these carrier ids (now, or after the look under way). */
  add(accepted: readonly AcceptedPart[]) {
    this.lookFor.push(...accepted);
    if (this.lookFor.length === 0) return;
    this.looking ??= this.lookAll().finally(() => {
      this.looking = null;
      if (this.lookFor.length > 0) this.add([]);
    });
  }

  /** Resolves once no look is under way. */
  async settled() {
    while (this.looking) await this.looking;
  }

  private async lookAll() {
    while (this.lookFor.length > 0) {
      const keys = this.lookFor.splice(0);
      await applyReceiptsThatWaited(this.ctx, this.connector, keys).catch((error: unknown) =>
        // They stay stored: the housekeeping's rematch takes them on a later step.
        this.ctx.reportError?.('carrier receipts', error),
      );
    }
  }
}
