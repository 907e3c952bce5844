import { eq } from 'drizzle-orm';
import type { Db } from '#api/db/client.ts';
import { photos } from '#api/db/schema.ts';
import type { PhotoStore } from './photo-store.ts';

/**
 * PHOTO_STORE=database: photos are rows of the shop's own database. Reads go through the
 * public reads' connections, under their time limit: anyone may ask for a photo.
 */
export function databasePhotoStore(db: Db, reads: Db): PhotoStore {
  return {
    put: async (key, { bytes, contentType }) => {
      await db
        .insert(photos)
        .values({ name: key, contentType, size: bytes.length, bytes })
        .onConflictDoNothing({ target: photos.name });
    },
    get: async (key) => {
      const [row] = await reads
        .select({ bytes: photos.bytes, contentType: photos.contentType })
        .from(photos)
        .where(eq(photos.name, key));
      return row ?? null;
    },
    close: () => undefined,
  };
}
