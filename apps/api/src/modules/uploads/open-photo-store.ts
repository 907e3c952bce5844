import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '#api/config/env.ts';
import type { Db } from '#api/db/client.ts';
import type { PhotoStore } from './photo-store.ts';
import { databasePhotoStore } from './photos.repo.ts';

/** The store PHOTO_STORE names; the AWS SDK is loaded only for a bucket. */
export async function openPhotoStore(
  config: Pick<
    Config,
    'PHOTO_STORE' | 'PHOTO_STORE_ENDPOINT' | 'AWS_REGION' | 'AWS_ACCESS_KEY_ID' | 'AWS_SECRET_ACCESS_KEY'
  >,
  db: Db,
  reads: Db,
): Promise<PhotoStore> {
  const setting = config.PHOTO_STORE;
  if (setting.kind === 'database') return databasePhotoStore(db, reads);
  const { s3PhotoStore } = await import('./s3-photo-store.ts');
  return s3PhotoStore({ ...config, bucket: setting.bucket, prefix: setting.prefix });
}

/** Where the shop once kept photos as files: DATA_DIR/uploads. An in-memory shop has no such folder. */
export function diskPhotosDir(config: Pick<Config, 'DATA_DIR' | 'dataDir'>): string | null {
  return config.DATA_DIR === ':memory:' ? null : path.join(config.dataDir, 'uploads');
}

/** A file the shop wrote there: a photo at full size or at one width. */
const DISK_PHOTO = /^[a-f0-9]{64}(?:-\d+)?\.webp$/;

/**
 * Moves photo files into the store; each is removed only once stored, so an interrupted move finishes next start.
 * Sizes before the full photo, as uploads do.
 */
export async function moveDiskPhotos(dir: string | null, store: PhotoStore): Promise<number> {
  if (!dir) return 0;
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  const photos = names.filter((name) => DISK_PHOTO.test(name));
  const fullSizeLast = (name: string) => (/-\d+\.webp$/.test(name) ? 0 : 1);
  photos.sort((a, b) => fullSizeLast(a) - fullSizeLast(b));
  let moved = 0;
  for (const name of photos) {
    const file = path.join(dir, name);
    let bytes: Buffer;
    try {
      bytes = await fs.readFile(file);
    } catch (error) {
      // Another process on the same folder moved it first.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    await store.put(name, { bytes, contentType: 'image/webp' });
    await fs.rm(file, { force: true });
    moved += 1;
  }
  // Left in place when anything else is in it.
  await fs.rmdir(dir).catch(() => undefined);
  return moved;
}
