import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../ui/mantine-styles-first';
import { App } from './app';

/**
 * Mounts the app over the static splash of index.html. As a transition, React renders it in slices of a
 * few milliseconds, yielding between them, instead of one task of a few hundred on a slow phone (the
 * total blocking time Lighthouse counts, issue 16); the splash shows meanwhile.
 */
export function mount(): void {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}
