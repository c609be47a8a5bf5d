import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// Vite's manifest of the client build (dist/.vite/manifest.json): each chunk by its source (an entry,
// a module loaded on demand) or by "_" and its file (a shared chunk), with the chunks it imports.

export type ManifestChunk = { file: string; name?: string; css?: string[]; imports?: string[]; isEntry?: boolean };
export type ViteManifest = Record<string, ManifestChunk>;

/** The build's manifest; throws when the build has none. */
export const readViteManifest = (dist: string): ViteManifest =>
  JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as ViteManifest;

/** The chunks `keys` load before they run, in the order they run: themselves and their static imports. */
export function chunksOf(manifest: ViteManifest, keys: readonly string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    manifest[key].imports?.forEach(visit);
  };
  keys.forEach(visit);
  return [...seen];
}
