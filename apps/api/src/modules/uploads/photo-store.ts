import { createHash } from 'node:crypto';
import type { UploadWidth } from '@parts-shop/shared/upload';
import type { Renditions } from './photo-check.ts';

/** A stored photo's name: the SHA-256 of its full-size WebP, so a name never changes its content. */
export const PHOTO_NAME = /^[a-f0-9]{64}\.webp$/;

/** What a store keeps under one key. */
export type StoredPhoto = { bytes: Buffer; contentType: string };

/** The database or an S3 bucket (docs/decisions/0039); a key names one content for good. */
export type PhotoStore = {
  put: (key: string, photo: StoredPhoto) => Promise<void>;
  get: (key: string) => Promise<StoredPhoto | null>;
  close: () => void;
};

/** The key of a photo at one of UPLOAD_WIDTHS, or at full size. */
export const photoKey = (name: string, width?: UploadWidth) =>
  width === undefined ? name : name.replace(/\.webp$/, `-${width}.webp`);

/** The full size goes last: a photo whose name is served has all its sizes. */
export async function savePhoto(store: PhotoStore, photo: Renditions): Promise<string> {
  const name = `${createHash('sha256').update(photo.full).digest('hex')}.webp`;
  for (const [width, bytes] of photo.sized)
    await store.put(photoKey(name, width), { bytes, contentType: 'image/webp' });
  await store.put(photoKey(name), { bytes: photo.full, contentType: 'image/webp' });
  return name;
}

/** The stored photo (at a width), or null. `name` must match PHOTO_NAME. */
export async function readPhoto(store: PhotoStore, name: string, width?: UploadWidth): Promise<StoredPhoto | null> {
  if (!PHOTO_NAME.test(name)) return null;
  return store.get(photoKey(name, width));
}
