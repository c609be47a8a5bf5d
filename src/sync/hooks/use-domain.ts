import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { onDomainMirror, parseDomainMirror, readDomainMirrorText } from '../../db/boot-mirror';
import type { StoredDomain } from '../../db/app-db';
import { refreshDomain } from '../domain-sync';

export type DomainState = { status: 'loading' } | { status: 'ready'; domain: StoredDomain } | { status: 'unavailable' };

/** The current host's domain details, from the device at once, refreshed from the gateway. */
export function useDomain(host = window.location.hostname): DomainState {
  const [failed, setFailed] = useState(false);
  const subscribe = useCallback((changed: () => void) => onDomainMirror(host, changed), [host]);
  const read = () => readDomainMirrorText(host);
  // A prerendered page was rendered with the details it carries, adopted as the copy before hydrating.
  const text = useSyncExternalStore(subscribe, read, read);
  const stored = useMemo(() => parseDomainMirror(text, host), [text, host]);
  useEffect(() => {
    refreshDomain(host).then(
      () => setFailed(false),
      () => setFailed(true),
    );
  }, [host]);
  if (stored) return { status: 'ready', domain: stored };
  if (failed) return { status: 'unavailable' };
  return { status: 'loading' };
}
