import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';

/** The largest photo POST /uploads takes (docs/product.md#product-photos). */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

/** The widths an uploaded photo is also stored at, for `?w=`: cards, pages, wide screens. */
export const UPLOAD_WIDTHS = [320, 640, 1280] as const;
export type UploadWidth = (typeof UPLOAD_WIDTHS)[number];

/** What POST /uploads answers: the stored photo's address on this site. */
export const uploadedSchema = lazySchema(() => z.object({ url: z.string() }));
export type Uploaded = z.infer<typeof uploadedSchema>;

const UPLOADED_PATH = /^\/api\/uploads\/[a-f0-9]{64}\.webp$/;

/** An uploaded photo's resized copy; any other address as it is. */
export function sizedImage(url: string, width: UploadWidth): string {
  return UPLOADED_PATH.test(url) ? `${url}?w=${width}` : url;
}
