import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Button, Text } from '@mantine/core';
import { OPENAPI_PATH } from '../../domain/contract/v1/operation';
import { operationAsked, operationSlug } from './reference-address';

/** The viewer's script, copied into dist/ by the build (vite.config.ts) and never precached. */
declare const __API_REFERENCE_SCRIPT__: string;

interface ScalarGlobal {
  createApiReference: (element: Element, config: Record<string, unknown>) => { destroy?: () => void };
}

let loading: Promise<ScalarGlobal> | null = null;

/** Loads the viewer once per page; a failure (offline) lets the next try load it again. */
function loadViewer(): Promise<ScalarGlobal> {
  loading ??= new Promise<ScalarGlobal>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = __API_REFERENCE_SCRIPT__;
    script.async = true;
    script.onload = () => {
      const scalar = (window as unknown as { Scalar?: ScalarGlobal }).Scalar;
      if (scalar) resolve(scalar);
      else reject(new Error('no viewer'));
    };
    script.onerror = () => reject(new Error('not loaded'));
    document.head.append(script);
  }).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/**
 * The full reference, rendered from the API's OpenAPI document (Scalar), loaded only when asked for: by its
 * button, or by an address that names an operation, which it opens on. The viewer keeps the operation in
 * view in the address, so a copied address opens on it too.
 */
export function ReferenceViewer({ online }: { online: boolean }) {
  const asked = operationAsked(useLocation().hash) !== null;
  const [shown, setShown] = useState(asked);
  const [failed, setFailed] = useState(false);
  if (asked && !shown) setShown(true);
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!shown || !host.current) return;
    let app: { destroy?: () => void } | undefined;
    let live = true;
    loadViewer().then(
      (scalar) => {
        if (!live || !host.current) return;
        app = scalar.createApiReference(host.current, {
          url: OPENAPI_PATH,
          withDefaultFonts: false,
          hideClientButton: true,
          hideDarkModeToggle: true,
          showDeveloperTools: 'never',
          telemetry: false,
          agent: { disabled: true },
          generateOperationSlug: operationSlug,
        });
      },
      () => live && setFailed(true),
    );
    return () => {
      live = false;
      app?.destroy?.();
    };
  }, [shown]);
  if (!shown)
    return (
      <Button variant="light" onClick={() => setShown(true)} disabled={!online}>
        Show the full reference
      </Button>
    );
  return (
    <>
      {failed && <Text size="sm">The reference could not be loaded. It needs the network the first time.</Text>}
      {/* Scalar's own layout: its wide code blocks scroll inside, never the page. The app's header is its
          custom header: an operation scrolled to, and its sticky parts, stop under it. */}
      <div
        ref={host}
        data-testid="api-reference"
        style={{
          maxWidth: '100%',
          overflowX: 'auto',
          contain: 'inline-size',
          ['--scalar-custom-header-height' as string]: 'var(--app-shell-header-offset, 0px)',
        }}
      />
    </>
  );
}
