import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { UploadWidth } from '@parts-shop/shared/upload';
import type { Config } from '../../config/env.ts';
import type { Renditions } from './photo-check.ts';

/** A stored photo's name: the SHA-256 of its full-size WebP, so a name never changes its content. */
export const PHOTO_NAME = /^[a-f0-9]{64}\.webp$/;

/**
 * Where uploaded photos live: DATA_DIR/uploads. A shop on an in-memory database (the tests)
 * keeps them in the system's temporary folder; their names are content hashes, so sharing it
 * is harmless.
 */
export function uploadsDir(config: Pick<Config, 'DATA_DIR' | 'dataDir'>): string {
  return config.DATA_DIR === ':memory:'
    ? path.join(os.tmpdir(), 'parts-shop-uploads')
    : path.join(config.dataDir, 'uploads');
}

const fileName = (name: string, width?: UploadWidth) =>
  width === undefined ? name : name.replace(/\.webp$/, `-${width}.webp`);

/** Written under a temporary name and renamed, so a reader never sees half a file. */
async function writeWhole(file: string, bytes: Buffer): Promise<void> {
  const temporary = `${file}.${randomUUID()}.tmp`;
  await writeFile(temporary, bytes);
  await rename(temporary, file);
}

/** Stores every rendition and answers the photo's name. */
export async function savePhoto(dir: string, photo: Renditions): Promise<string> {
  const name = `${createHash('sha256').update(photo.full).digest('hex')}.webp`;
  await mkdir(dir, { recursive: true });
  for (const [width, bytes] of photo.sized) await writeWhole(path.join(dir, fileName(name, width)), bytes);
  await writeWhole(path.join(dir, fileName(name)), photo.full);
  return name;
}

/** The stored bytes of a photo (at a width), or null. `name` must match PHOTO_NAME. */
export async function readPhoto(dir: string, name: string, width?: UploadWidth): Promise<Buffer | null> {
  if (!PHOTO_NAME.test(name)) return null;
  try {
    return await readFile(path.join(dir, fileName(name, width)));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
