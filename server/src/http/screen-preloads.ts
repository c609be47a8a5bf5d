import { dashboardViewAt, statusPageKey } from '../../../src/domain/navigation/start-screens';
import { escapeHtml } from '../core/html';
import { chunksOf, readViteManifest, type ViteManifest } from './vite-manifest';

// A start at a dashboard or a status page, on a device whose service worker does not answer yet (a
// first visit, a browser without one), gets the page with the code its first screen runs named in it,
// as <link rel="modulepreload">: the browser asks for those files as it reads the page, instead of the
// entry's script creating a link for each as it runs, some thirty of them, each costing a slow phone's
// main thread about 10 ms at 4x CPU (docs/architecture.md "The first visit"). An installed app's service
// worker answers with index.html as it is. A visitor who is not signed in fetches that code for nothing;
// the login the app shows them then needs only part of it.

export type StartScreen = 'list' | 'status';

/** The app and the signed-in shell, which every such start runs (src/app/screens.tsx). */
const APP = ['src/app/root.tsx', 'src/app/shell/app-layout.tsx'];
/** Per start, its screen's module and, by chunk name, what the entry asks for with it (src/app/main.tsx). */
const STARTS: Record<StartScreen, { screen: string; alongside: string[] }> = {
  list: { screen: 'src/features/messages/message-list-screen.tsx', alongside: ['mantine-styles-rest', 'list-loader'] },
  status: { screen: 'src/features/messages/status-screen.tsx', alongside: ['mantine-styles-rest', 'status-prefetch'] },
};

/** The start an address opens on: a dashboard's list, a message's status page, or neither. */
export function startScreenAt(path: string): StartScreen | null {
  if (dashboardViewAt(path) !== null) return 'list';
  if (statusPageKey(path) !== null) return 'status';
  return null;
}

/** Per start, the scripts (root-relative URLs) its first screen runs beyond those index.html names already. */
export function screenPreloads(manifest: ViteManifest): Record<StartScreen, string[]> {
  const chunkNamed = (name: string) =>
    Object.keys(manifest).find((key) => manifest[key]!.name === name && manifest[key]!.file.endsWith('.js'));
  const named = new Set(chunksOf(manifest, ['index.html']));
  // In the order the app runs them: the app's chunk and what it imports first, the screen's last.
  const scripts = (start: StartScreen) => {
    const { screen, alongside } = STARTS[start];
    const roots = [...APP, screen, ...alongside.map(chunkNamed).filter((key) => key !== undefined)];
    return chunksOf(manifest, roots)
      .filter((key) => !named.has(key))
      .map((key) => `/${manifest[key]!.file}`);
  };
  return { list: scripts('list'), status: scripts('status') };
}

/** The build's manifest's preloads, or none when it cannot be read (the page still works, only slower). */
export function readScreenPreloads(dist: string): Record<StartScreen, string[]> {
  try {
    return screenPreloads(readViteManifest(dist));
  } catch {
    return { list: [], status: [] };
  }
}

/** index.html with a modulepreload link for each script before </head>. */
export function withPreloads(html: string, scripts: readonly string[]): string {
  const links = scripts.map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`).join('');
  return html.replace('</head>', () => `${links}</head>`);
}
