// The drainer in a dedicated worker: background tabs throttle page timers (Chrome: one wake-up a
// minute after 5 minutes hidden), which would stretch the 2 s batch gap; worker timers keep pace.
import { onJobQueued } from './enqueue';
import { startDrainer } from './drainer';
import { browserNetwork, type NetworkWatch } from './network';
import { onOutboxEvent } from './outbox-events';
import type { FromDrainer, ToDrainer } from './worker-messages';

const scope = self as unknown as {
  postMessage(message: FromDrainer): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<ToDrainer>) => void): void;
  close(): void;
};

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

const drainer = startDrainer({ network, alert: (alert) => scope.postMessage({ type: 'alert', alert }) });
onOutboxEvent((event) => scope.postMessage({ type: 'event', event }));
onJobQueued(() => drainer.wake());

scope.addEventListener('message', (event) => {
  if (event.data.type === 'wake') drainer.wake();
  if (event.data.type === 'online') for (const listener of relayed) listener();
  if (event.data.type === 'stop') void drainer.stop().then(() => scope.close());
});
