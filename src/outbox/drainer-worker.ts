// The drainer in a dedicated worker: background tabs throttle page timers (Chrome: one wake-up a
// minute after 5 minutes hidden), which would stretch the 2 s batch gap; worker timers keep pace.
import { startDrainer } from './drainer';
import { browserNetwork, type NetworkWatch } from './network';
import { onOutboxEvent } from './outbox-events';
import type { FromDrainer, ToDrainer } from './worker-messages';

declare const self: DedicatedWorkerGlobalScope;

const reply = (message: FromDrainer) => self.postMessage(message);

// The worker's own 'online' events, plus the page's relayed ones.
const own = browserNetwork();
const relayed = new Set<() => void>();
const network: NetworkWatch = {
  online: own.online,
  onOnline(listener) {
    const off = own.onOnline(listener);
    relayed.add(listener);
    return () => {
      off();
      relayed.delete(listener);
    };
  },
};

// Jobs are queued in the page, whose in-realm signal never reaches this worker: the page posts 'wake'.
const drainer = startDrainer({ network, hearsEnqueue: false, alert: (alert) => reply({ type: 'alert', alert }) });
onOutboxEvent((event) => reply({ type: 'event', event }));

self.addEventListener('message', (event: MessageEvent<ToDrainer>) => {
  if (event.data.type === 'wake') drainer.wake();
  if (event.data.type === 'online') for (const listener of relayed) listener();
  if (event.data.type === 'stop') void drainer.stop().then(() => self.close());
});
