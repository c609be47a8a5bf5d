import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { GatewayContext } from '../core/context';
import { refuse } from '../core/errors';
import { SELECT_IMAGE_FILE } from '../../../src/domain/contacts/file-types';
import { isSafeImageName } from './image-files';
import { IMAGES_PATH } from '../../../src/domain/navigation/api-paths';

export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
export const IMAGE_TOO_LARGE = 'Kindly select an image of at most 2 MB';

type ImageKind = 'png' | 'jpg' | 'gif' | 'tiff' | 'bmp';

const DECLARED: Record<string, ImageKind> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/jpg': 'jpg',
  'image/pjpeg': 'jpg',
  'image/gif': 'gif',
  'image/tiff': 'tiff',
  'image/bmp': 'bmp',
  'image/x-ms-bmp': 'bmp',
  'image/x-bmp': 'bmp',
};

/** The format the bytes really are (magic numbers), whatever the name or declared type says. */
export function sniffImage(bytes: Buffer): ImageKind | null {
  const starts = (...sig: number[]) => sig.every((b, i) => bytes[i] === b);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (starts(0xff, 0xd8, 0xff)) return 'jpg';
  if (bytes.subarray(0, 6).toString('latin1') === 'GIF87a' || bytes.subarray(0, 6).toString('latin1') === 'GIF89a')
    return 'gif';
  if (starts(0x49, 0x49, 0x2a, 0x00) || starts(0x4d, 0x4d, 0x00, 0x2a)) return 'tiff';
  if (starts(0x42, 0x4d) && bytes.length >= 26) return 'bmp';
  return null;
}

/** An images-path URL the gateway already serves (absolute or not), as its path; else null. */
function existingImage(ctx: GatewayContext, value: string): string | null {
  let path = value;
  if (/^https?:\/\//i.test(value)) {
    try {
      path = new URL(value).pathname;
    } catch {
      return null;
    }
  }
  if (!path.startsWith(IMAGES_PATH)) return null;
  const file = path.slice(IMAGES_PATH.length);
  return isSafeImageName(file) && existsSync(join(ctx.imagesDir, file)) ? path : null;
}

/** A logo or background as a request gives it: an image already served, or new bytes to store at `path`. */
export type ImageChoice = { path: string; bytes?: Buffer };

/**
 * Reads a logo or background from update-domain-details, writing nothing: an image the gateway
 * already serves is kept; a data URL of an accepted type, whose bytes are that type and at most
 * 2 MiB, gets a random name. Anything else: 'Kindly select an image file'.
 */
export function readImage(ctx: GatewayContext, value: string): ImageChoice {
  const kept = existingImage(ctx, value.trim());
  if (kept) return { path: kept };
  const match = /^data:([a-z0-9.+/-]+)((?:;[^,;]*)*);base64,(.*)$/is.exec(value.trim());
  const declared = match ? DECLARED[match[1]!.toLowerCase()] : undefined;
  if (!match || !declared) throw refuse(SELECT_IMAGE_FILE);
  const base64 = match[3]!.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64)) throw refuse(SELECT_IMAGE_FILE);
  if (Math.floor((base64.length * 3) / 4) - (base64.match(/=+$/)?.[0].length ?? 0) > MAX_IMAGE_BYTES)
    throw refuse(IMAGE_TOO_LARGE);
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > MAX_IMAGE_BYTES) throw refuse(IMAGE_TOO_LARGE);
  if (sniffImage(bytes) !== declared) throw refuse(SELECT_IMAGE_FILE);
  return { path: `${IMAGES_PATH}${randomBytes(16).toString('hex')}.${declared}`, bytes };
}

const fileOf = (ctx: GatewayContext, path: string) => join(ctx.imagesDir, path.slice(IMAGES_PATH.length));

/** Writes the new images among `choices`: called once the request that brings them has been accepted. */
export async function writeImages(ctx: GatewayContext, choices: readonly ImageChoice[]): Promise<void> {
  const fresh = choices.filter((c) => c.bytes);
  if (fresh.length === 0) return;
  await mkdir(ctx.imagesDir, { recursive: true });
  for (const c of fresh) await writeFile(fileOf(ctx, c.path), c.bytes!, { flag: 'wx' });
}

/** Deletes images the gateway stored that nothing uses any more (replaced, or written for a refused request). */
export async function removeImages(ctx: GatewayContext, paths: readonly string[]): Promise<void> {
  for (const path of paths) {
    if (!path.startsWith(IMAGES_PATH) || !isSafeImageName(path.slice(IMAGES_PATH.length))) continue;
    await rm(fileOf(ctx, path), { force: true });
  }
}
