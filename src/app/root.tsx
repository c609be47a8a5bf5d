import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../ui/mantine-styles-first';
import { App } from './app';

/** Mounts the app over the static splash of index.html. */
export function mount(): void {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
