import 'fake-indexeddb/auto';
import { afterEach } from 'vitest';
import { cleanup } from '@testing-library/react';

// The first screen's copy of the session and the domain (src/db/boot-mirror.ts) lives in
// localStorage: each test starts without it, as each starts from its own IndexedDB rows.
afterEach(() => {
  cleanup();
  if (typeof localStorage !== 'undefined') localStorage.clear();
});
