import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

/** What only the landing and login pages need at first, beyond React and Mantine's core. */
const FIRST_SCREEN =
  /@mantine\/(core\/esm\/components\/(Anchor|ActionIcon|Image|Input|List|SimpleGrid|Text|TextInput|Title)\/|hooks\/esm\/use-(disclosure|uncontrolled)\/)|\/src\/(features\/(auth\/(auth-frame|login-screen)|landing\/)|ui\/(price-table|brand-logo|form-stack|failures)|domain\/(brand\/domain-settings|money\/pricing|plural|fields|money\/price-table)|sync\/(alerts-bus|session-state|domain-sync|hooks\/use-domain))/;

/**
 * What the entry (src/app/main.tsx) runs at load, in a chunk of its own: a visitor's page runs nothing
 * more until the first touch (src/app/first-touch.ts), so the first screen's chunk is not the entry's.
 */
const ENTRY_NEEDS =
  /\/node_modules\/react\/|\/src\/(app\/(screen-modules|install-prompt|register-sw|first-touch)|db\/(boot-mirror|shared-in-store)|sync\/after-first-screen|flows\/(share-sign-in|incoming)|domain\/(constants|brand\/(prerendered-page|domain-details)|send\/incoming|navigation\/app-paths))\.tsx?$/;

const gateway = process.env.GATEWAY_URL ?? 'http://localhost:8081';

const require = createRequire(import.meta.url);
const apiReferenceSource = readFileSync(require.resolve('@scalar/api-reference/browser/standalone.js'));
/** Where the rendered API reference's viewer lands in dist/ (src/features/developers/reference-viewer.tsx), named by its content. */
const API_REFERENCE_SCRIPT = `assets/api-reference-${createHash('sha256').update(apiReferenceSource).digest('hex').slice(0, 10)}.js`;

/**
 * The Developers page's API reference viewer (Scalar's prebuilt bundle, 3.5 MB) is copied as a file of
 * its own, loaded by that page alone and kept out of the service worker's precache: nobody else pays.
 */
function apiReferenceViewer(): Plugin {
  return {
    name: 'api-reference-viewer',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: API_REFERENCE_SCRIPT, source: apiReferenceSource });
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    react(),
    !isSsrBuild && apiReferenceViewer(),
    // The prerender module the gateway runs (src/app/prerender.tsx) has no service worker of its own.
    !isSsrBuild &&
      VitePWA({
        strategies: 'injectManifest',
        srcDir: 'sw',
        filename: 'sw.ts',
        // Registration is ours (workbox-window), and the manifest is served per domain by the gateway.
        injectRegister: false,
        manifest: false,
        injectManifest: {
          globPatterns: ['**/*.{js,css,html,woff2}'],
          globIgnores: [API_REFERENCE_SCRIPT],
          maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
        },
        devOptions: { enabled: false },
      }),
  ],
  // The prerender module: the app bundled for Node in one file, which needs nothing beside it.
  // Node's ESM entries (module-sync) of packages that name them, as the browser build takes their ESM: not a
  // CommonJS copy of react-router beside an ESM one, each with its own router context.
  ssr: { noExternal: true, resolve: { conditions: ['module-sync', 'module', 'node', 'import'] } },
  // React's production build inside it, whatever NODE_ENV the gateway runs with.
  define: {
    ...(isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {}),
    __API_REFERENCE_SCRIPT__: JSON.stringify(`/${API_REFERENCE_SCRIPT}`),
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    // The bench reads it to tell which files each route loads.
    manifest: !isSsrBuild,
    copyPublicDir: !isSsrBuild,
    // The prerender module too: the gateway compiles it once at start.
    minify: true,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: isSsrBuild
        ? // One file: the gateway imports it under a URL naming the build, which chunks would not share.
          { codeSplitting: false }
        : {
            codeSplitting: {
              groups: [
                {
                  name: 'boot',
                  test: ENTRY_NEEDS,
                  priority: 2,
                },
                {
                  // The landing and login pages' own small pieces in one answer, not twenty.
                  name: 'first-screen',
                  // Styles stay with the app's stylesheet: as this chunk's own, index.html would wait for them.
                  test: (id: string) => FIRST_SCREEN.test(id) && !id.endsWith('.css'),
                  priority: 1,
                },
                {
                  // zod in a file of its own, which the visitor's pages never load and sign-in fetches ahead
                  // (tests/e2e/first-load.e2e.ts): the schemas that use it live in src/domain/contract.
                  name: 'zod',
                  test: /\/node_modules\/zod\//,
                },
              ],
            },
          },
    },
  },
  worker: { format: 'es' },
  server: {
    port: 5173,
    proxy: {
      '/smsgateway': { target: gateway, changeOrigin: false },
      '/manifest.webmanifest': { target: gateway, changeOrigin: false },
    },
  },
}));
