import { eq } from 'drizzle-orm';
import type { Db } from '#api/db/client.ts';
import { photos } from '#api/db/schema.ts';
import type { PhotoStore } from './photo-store.ts';

/** Photo reads use the public reads' connections and time limit: anyone may ask. */
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
