// The drainer in a dedicated worker, as start-outbox runs it, reporting its events to the bench page.
import { startDrainer } from '../../../src/outbox/drainer';
import { onOutboxEvent } from '../../../src/outbox/outbox-events';

const scope = self as unknown as { postMessage(message: unknown): void };
startDrainer({ maxWholeBytes: 1, hearsEnqueue: false });
onOutboxEvent((event) => scope.postMessage(event));
