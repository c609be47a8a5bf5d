import './install-prompt';
import { registerServiceWorker } from './register-sw';

// The entry stays tiny: index.html's splash paints at once instead of waiting for the app's
// stylesheet (render-blocking when imported here), which now arrives with the app chunk.
const workbox = registerServiceWorker();
void import('./root').then(({ mount }) => mount(workbox));
