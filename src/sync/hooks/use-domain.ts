import { useEffect, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { readDomain } from '../../db/domain-store';
import { refreshDomain } from '../domain-sync';

export type DomainState =
  | { status: 'loading' }
  | { status: 'ready'; domain: NonNullable<Awaited<ReturnType<typeof readDomain>>> }
  | { status: 'unavailable' };

/** The current host's domain details, from the device at once, refreshed from the gateway. */
export function useDomain(host = window.location.hostname): DomainState {
  const [failed, setFailed] = useState(false);
  const stored = useLiveQuery(() => readDomain(host), [host], null);
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
