import { createHash } from 'node:crypto';
import { readFileSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
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
  /\/node_modules\/react\/|\/src\/(app\/(screen-modules|install-prompt|register-sw|first-touch)|db\/(boot-mirror|shared-in-store)|sync\/after-first-screen|flows\/(share-sign-in|incoming)|domain\/(constants|brand\/(prerendered-page|domain-details)|send\/incoming|navigation\/(app-paths|start-screens)))\.tsx?$/;

/** The signed-in shell: every screen after sign-in runs inside it (src/app/screens.tsx). */
const SHELL = resolve(import.meta.dirname, 'src/app/shell/app-layout.tsx');
/** Files of this tree by their paths in it, as the bundler names modules. */
const fromRoot = (paths: readonly string[]) => paths.map((path) => resolve(import.meta.dirname, path));
/** What a visitor's first pages run: the entry, the app's root, the landing and login pages. */
const VISITOR_PAGES = fromRoot([
  'src/app/main.tsx',
  'src/app/root.tsx',
  'src/features/landing/landing-screen.tsx',
  'src/features/auth/login-screen.tsx',
]);
/** The visitor's forms that end signed in: much of their code is the shell's too. */
const ACCOUNT_FORMS = fromRoot(['src/features/auth/signup-screen.tsx', 'src/features/auth/join-screen.tsx']);

type ModuleInfo = NonNullable<ReturnType<Rolldown.ChunkingContext['getModuleInfo']>>;

/**
 * Packages whose index re-exports every component: a module importing two of them from it runs those
 * two, not all (the build drops the rest), so a walk through the index follows only the names imported.
 * By their real paths, as the build names modules: node_modules may be a link to another tree's.
 */
const BARRELS = new Map(
  ['@mantine/core', '@mantine/hooks'].map((name) => [
    realpathSync(resolve(import.meta.dirname, `node_modules/${name}/esm/index.mjs`)),
    name,
  ]),
);
/** An index's names, each with the file it comes from (its `import { a, b } from "./x.mjs"` then one `export { a, b as c }`). */
function barrelNames(info: ModuleInfo): Map<string, string> {
  const fileOf = new Map<string, string>();
  for (const [, names, from] of (info.code ?? '').matchAll(/^import \{([^}]*)\} from "([^"]+)";$/gm))
    for (const name of names!.split(',')) fileOf.set(name.trim(), resolve(info.id, '..', from!));
  const exported = new Map<string, string>();
  for (const [, names] of (info.code ?? '').matchAll(/^export \{([^}]*)\};?$/gm))
    for (const entry of names!.split(',')) {
      const [local, as = local] = entry.trim().split(/\s+as\s+/);
      const file = fileOf.get(local!);
      if (file) exported.set(as!, file);
    }
  return exported;
}

/** The names a module imports from a package (undefined: all of it, by `import *` or a form not read here). */
function namesImported(code: string, from: string): string[] | undefined {
  const quoted = `["']${from.replace('/', '\\/')}["']`;
  if (new RegExp(`import\\s*\\*\\s*as\\s+\\w+\\s+from\\s*${quoted}`).test(code)) return undefined;
  const names: string[] = [];
  for (const [, list] of code.matchAll(new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*${quoted}`, 'g')))
    for (const entry of list!.split(',')) if (entry.trim()) names.push(entry.trim().split(/\s+as\s+/)[0]!);
  return names.length > 0 ? names : undefined;
}

/**
 * The modules `roots` run, directly or through others, by static imports (what runs once they do); an
 * import from a package's index counts the files of the names imported.
 */
function staticClosure(getModuleInfo: (id: string) => ModuleInfo | null, roots: readonly string[]): Set<string> {
  const barrels = new Map<string, Map<string, string>>();
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const info = getModuleInfo(id);
    for (const imported of info?.importedIds ?? []) {
      const barrel = BARRELS.get(imported);
      const names = barrel && info?.code ? namesImported(info.code, barrel) : undefined;
      if (!names) {
        stack.push(imported);
        continue;
      }
      if (!barrels.has(imported)) barrels.set(imported, barrelNames(getModuleInfo(imported)!));
      const files = barrels.get(imported)!;
      for (const name of names) stack.push(files.get(name) ?? imported);
    }
  }
  return seen;
}

/**
 * The shell's code beyond the visitor's first pages, in two chunks where the default split made about
 * forty: what the sign-up and join forms share with it ('account-forms'), and the rest ('signed-in'). A
 * signed-in screen loads the shell anyway, so this costs it no byte more, where each file costs a cheap
 * phone's main thread a request to start and a task to load (about 5 ms each at 4x CPU: a status page
 * opened in a new tab went from 68 files to 34). A module loaded on demand keeps its own chunk (Vite's
 * manifest names it, and the gateway's page reads that); styles stay with their chunks. A module a
 * visitor's page runs is left where it was, so the login page loads what it did.
 */
function signedInShell(): Rolldown.CodeSplittingNameFunction {
  let chunkOf: Map<string, string> | undefined;
  return (id, ctx) => {
    if (!chunkOf) {
      const getModuleInfo = (moduleId: string) => ctx.getModuleInfo(moduleId);
      const visitors = staticClosure(getModuleInfo, VISITOR_PAGES);
      const forms = staticClosure(getModuleInfo, ACCOUNT_FORMS);
      chunkOf = new Map();
      for (const moduleId of staticClosure(getModuleInfo, [SHELL])) {
        const onDemand = (getModuleInfo(moduleId)?.dynamicImporters.length ?? 0) > 0;
        if (visitors.has(moduleId) || onDemand || moduleId.endsWith('.css')) continue;
        chunkOf.set(moduleId, forms.has(moduleId) ? 'account-forms' : 'signed-in');
      }
    }
    return chunkOf.get(id) ?? null;
  };
}

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

/**
 * V8's compile hint (Chromium 136 and later), on a file's first line: all its functions are compiled as
 * the file streams in, off the main thread, rather than each on the main thread at its first call.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';
/**
 * The chunks sign-in fetches while the password is typed (src/app/screens.tsx prefetchSignedInScreens)
 * and whose code the first screen after Login nearly all runs: the shell and the Send SMS form. Their
 * functions' compiling on the main thread after Login was a fifth of a cheap phone's work there
 * (docs/architecture.md, "Signing in"). Not the visitor's pages' chunks: a landing page that
 * compiled all of React's code would spend a phone's cores on code it never runs.
 */
export const COMPILED_AHEAD = new Set(['account-forms', 'signed-in', 'send-screen']);

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
            postBanner: (chunk) => (COMPILED_AHEAD.has(chunk.name) ? `${COMPILE_HINT}\n` : ''),
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
                // Its modules' imports are where they belong already (the visitor's chunks, or its own).
                { name: signedInShell(), includeDependenciesRecursively: false },
                {
                  // zod, which the visitor's pages never load, goes with the shell's code above (sign-in fetches
                  // it ahead: tests/e2e/first-load.e2e.ts); what of it something else alone uses, in a file of its own.
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
