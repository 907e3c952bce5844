import sharp from 'sharp';
import { UPLOAD_WIDTHS, type UploadWidth } from '@parts-shop/shared/upload';

export type PhotoFormat = 'png' | 'jpeg' | 'webp';

/**
 * A 5 MB file can still unpack to a huge bitmap (a decompression bomb). Decoding costs about 10 ms of CPU per
 * megapixel (docs/performance.md#review-photos-the-decode-limit), so 12.5 MP keeps a whole upload, decode and
 * encodes, near 200 ms and still takes a 12 MP phone photo (4032 x 3024) whole.
 */
const MAX_PIXELS = 12_500_000;

/** The format the file's first bytes declare, or null for anything but PNG, JPEG and WebP. */
export function sniffFormat(bytes: Buffer): PhotoFormat | null {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

/** Where a PNG's IEND chunk ends, walking its chunks; null when they run past the file. */
function pngEnd(bytes: Buffer): number | null {
  let at = 8;
  while (at + 12 <= bytes.length) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    const next = at + 12 + length;
    if (next > bytes.length) return null;
    if (type === 'IEND') return next;
    at = next;
  }
  return null;
}

/** Bytes after the image's end are how a polyglot hides HTML or script; no camera needs them. */
export function endsWithImage(bytes: Buffer, format: PhotoFormat): boolean {
  switch (format) {
    case 'png':
      return pngEnd(bytes) === bytes.length;
    case 'jpeg':
      return bytes.at(-2) === 0xff && bytes.at(-1) === 0xd9;
    case 'webp':
      return bytes.length >= 12 && bytes.readUInt32LE(4) + 8 === bytes.length;
  }
}

/** The widest a stored photo is; a larger upload is scaled down to it. */
const FULL_WIDTH = 2048;

/**
 * libwebp's default effort (4) spends most of an upload's CPU searching for a smaller file at the same quality; at 1
 * the four encodes cost under half as much and the files come out within a few per cent of the same size.
 */
const WEBP_EFFORT = 1;

export type Renditions = { full: Buffer; sized: Map<UploadWidth, Buffer> };

/**
 * Decodes the photo for real and re-encodes it as WebP at each width; null unless libvips reads it whole as its
 * declared format. Only new pixels are stored, so no EXIF, GPS or hidden bytes survive.
 */
export async function reencodePhoto(
  bytes: Buffer,
  format: PhotoFormat,
): Promise<Renditions | 'too-many-pixels' | null> {
  const source = sharp(bytes, { failOn: 'error', limitInputPixels: MAX_PIXELS, animated: false });
  try {
    // The header alone says how large the bitmap would be, so a bomb is refused before it is
    // decoded, by name (the decoder's own limit, kept below, answers only "unreadable").
    const header = sharp(bytes, { limitInputPixels: false, animated: false });
    const { format: declared, width, height } = await header.metadata();
    if (declared !== format) return null;
    if (width * height > MAX_PIXELS) return 'too-many-pixels';
    // Decoded once; every size is made from these pixels.
    const { data, info } = await source
      .autoOrient()
      .resize({ width: FULL_WIDTH, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const webpAt = (width: number) =>
      sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
        .resize({ width, withoutEnlargement: true })
        .webp({ quality: 82, effort: WEBP_EFFORT })
        .toBuffer();
    const full = await webpAt(FULL_WIDTH);
    const sized = new Map<UploadWidth, Buffer>();
    for (const width of UPLOAD_WIDTHS) sized.set(width, await webpAt(width));
    return { full, sized };
  } catch {
    return null;
  }
}
