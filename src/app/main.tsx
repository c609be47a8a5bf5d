import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@mantine/core/styles.css';
import './install-prompt';
import { App } from './app';
import { registerServiceWorker } from './register-sw';

const workbox = registerServiceWorker();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App workbox={workbox} />
  </StrictMode>,
);
