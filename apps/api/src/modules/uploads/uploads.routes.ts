import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { apiMessages } from '@parts-shop/shared/api-messages';
import { UPLOAD_MAX_BYTES, UPLOAD_WIDTHS, uploadedSchema, type UploadWidth } from '@parts-shop/shared/upload';
import { hasVerifiedEmail } from '#api/domain/accounts/verified-email.ts';
import { matchesEtag } from '#api/lib/edge-cache.ts';
import { callerOf } from '#api/lib/auth.ts';
import type { Deps } from '#api/deps.ts';
import { writeLimit } from '#api/deps.ts';
import {
  badRequest,
  errorAnswers,
  forbidden,
  HttpError,
  notFound,
  tooLarge,
  unsupportedMedia,
} from '#api/lib/http-error.ts';
import { diskPhotosDir, moveDiskPhotos, openPhotoStore } from './open-photo-store.ts';
import { endsWithImage, reencodePhoto, sniffFormat } from './photo-check.ts';
import { PHOTO_NAME, photoKey, readPhoto, savePhoto, type PhotoStore } from './photo-store.ts';

const isWidth = (w: number): w is UploadWidth => (UPLOAD_WIDTHS as readonly number[]).includes(w);

/** Body-reading errors as the caller's fault: our refusals as they are, too large 413, anything unreadable 400. */
function refusalOf(error: unknown): Error {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(apiMessages.uploadTooLarge);
  if (typeof code === 'string' && code.startsWith('FST_')) return badRequest(apiMessages.uploadFieldName);
  return badRequest(apiMessages.uploadNotMultipart);
}

/** The one way a photo is taken in: checked by content, re-encoded, stored; answers its name. */
async function takePhoto(request: FastifyRequest, store: PhotoStore): Promise<string> {
  if (!request.isMultipart()) throw unsupportedMedia(apiMessages.uploadNotMultipart);
  let bytes: Buffer;
  try {
    const file = await request.file();
    if (!file) throw badRequest(apiMessages.uploadNoFile);
    if (file.fieldname !== 'file') throw badRequest(apiMessages.uploadFieldName);
    bytes = await file.toBuffer();
  } catch (error) {
    throw refusalOf(error);
  }
  const format = sniffFormat(bytes);
  if (!format || !endsWithImage(bytes, format)) throw unsupportedMedia(apiMessages.uploadUnsupported);
  const photo = await reencodePhoto(bytes, format);
  if (photo === 'too-many-pixels') throw tooLarge(apiMessages.uploadTooManyPixels);
  if (!photo) throw unsupportedMedia(apiMessages.uploadUnsupported);
  return savePhoto(store, photo);
}

const FOR_GOOD = 'public, max-age=31536000, immutable';

/**
 * Uploaded photos (docs/product.md#product-photos): checked, re-encoded, stored under a content hash; served by any
 * process at each width, cached for good.
 */
export const uploadsRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  const { guards, config, db } = deps;
  const store = await openPhotoStore(config, db, deps.publicReads);
  app.addHook('onClose', () => store.close());
  const moved = await moveDiskPhotos(diskPhotosDir(config), store);
  if (moved > 0) app.log.info({ moved }, 'moved the photos kept in DATA_DIR/uploads into the photo store');
  // Registered here, so only this plugin's routes take multipart bodies; the rest stay JSON-only.
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 20 },
  });

  app.post(
    '/uploads',
    {
      preValidation: guards.admin,
      config: writeLimit(config),
      schema: {
        tags: ['uploads'],
        summary: 'Upload a product photo (admin): multipart, one field named file, PNG, JPEG or WebP up to 5 MB',
        security: [{ bearer: [] }],
        consumes: ['multipart/form-data'],
        response: { 201: uploadedSchema, ...errorAnswers(400, 401, 403, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const name = await takePhoto(request, store);
      return reply.code(201).send({ url: `${config.API_BASE_PATH}/uploads/${name}` });
    },
  );

  app.post(
    '/uploads/review-photo',
    {
      preValidation: guards.signedIn,
      config: writeLimit(config),
      schema: {
        tags: ['uploads'],
        summary:
          "Upload a review's photo (signed in, verified email): multipart, one field named file, PNG, JPEG or WebP up to 5 MB",
        security: [{ bearer: [] }],
        consumes: ['multipart/form-data'],
        response: { 201: uploadedSchema, ...errorAnswers(400, 401, 403, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      // As for the review itself: a throwaway address must not put pictures on the shop's pages.
      if (!(await hasVerifiedEmail(db, callerOf(request).email))) {
        throw forbidden(apiMessages.reviewNeedsVerifiedEmail);
      }
      const name = await takePhoto(request, store);
      return reply.code(201).send({ url: `${config.API_BASE_PATH}/uploads/${name}` });
    },
  );

  app.post(
    '/uploads/build-photo',
    {
      preValidation: guards.signedIn,
      config: writeLimit(config),
      schema: {
        tags: ['uploads'],
        summary:
          "Upload a completed build's photo (signed in, verified email): multipart, one field named file, PNG, JPEG or WebP up to 5 MB",
        security: [{ bearer: [] }],
        consumes: ['multipart/form-data'],
        response: { 201: uploadedSchema, ...errorAnswers(400, 401, 403, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      if (!(await hasVerifiedEmail(db, callerOf(request).email))) {
        throw forbidden(apiMessages.completedBuildNeedsVerifiedEmail);
      }
      const name = await takePhoto(request, store);
      return reply.code(201).send({ url: `${config.API_BASE_PATH}/uploads/${name}` });
    },
  );

  app.get(
    '/uploads/:name',
    {
      schema: {
        tags: ['uploads'],
        summary: 'An uploaded photo (WebP), at full size or ?w= one of 320, 640, 1280',
        params: z.object({ name: z.string().regex(PHOTO_NAME, 'No such photo') }),
        querystring: z
          .object({
            w: z.coerce
              .number()
              .refine(isWidth, `w must be one of ${UPLOAD_WIDTHS.join(', ')}`)
              .optional(),
          })
          .strict(),
        response: {
          200: z.unknown().describe('The photo as image/webp'),
          304: z.unknown().describe('Not modified: the If-None-Match names this photo'),
          ...errorAnswers(400, 404),
        },
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      // The name is the content's hash: a new photo is a new address, so this one never changes.
      const etag = `"${photoKey(name, request.query.w)}"`;
      const forGood = () => reply.header('Cache-Control', FOR_GOOD).header('ETag', etag);
      if (matchesEtag(request.headers['if-none-match'], etag)) return forGood().code(304).send();
      const photo = await readPhoto(store, name, request.query.w);
      if (!photo) throw notFound(apiMessages.notFound);
      return forGood().type(photo.contentType).send(photo.bytes);
    },
  );
};
