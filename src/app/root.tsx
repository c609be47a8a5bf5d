import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import type { Workbox } from 'workbox-window';
import '../ui/mantine-styles-first';
import { App } from './app';

/** Mounts the app over the static splash of index.html. */
export function mount(workbox: Workbox | null): void {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App workbox={workbox} />
    </StrictMode>,
  );
}
