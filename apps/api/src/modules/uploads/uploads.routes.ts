import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiMessages } from '@parts-shop/shared/api-messages';
import { UPLOAD_MAX_BYTES, UPLOAD_WIDTHS, uploadedSchema, type UploadWidth } from '@parts-shop/shared/upload';
import type { Deps } from '../../lib/deps.ts';
import { writeLimit } from '../../lib/deps.ts';
import { badRequest, errorAnswers, HttpError, notFound, tooLarge, unsupportedMedia } from '../../lib/http-error.ts';
import { endsWithImage, reencodePhoto, sniffFormat } from './photo-check.ts';
import { PHOTO_NAME, readPhoto, savePhoto, uploadsDir } from './photo-store.ts';

const isWidth = (w: number): w is UploadWidth => (UPLOAD_WIDTHS as readonly number[]).includes(w);

/**
 * What reading the upload's body can throw, as the caller's fault: our own refusals as they
 * are, a file over the limit 413, and anything the multipart parser could not read (parts the
 * upload does not take, a broken body) 400.
 */
function refusalOf(error: unknown): Error {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return tooLarge(apiMessages.uploadTooLarge);
  if (typeof code === 'string' && code.startsWith('FST_')) return badRequest(apiMessages.uploadFieldName);
  return badRequest(apiMessages.uploadNotMultipart);
}

/**
 * Product photos (docs/product.md#product-photos): an admin uploads one, it is checked by its
 * content, re-encoded and stored under a content-hashed name, and anyone may fetch it, at
 * full size or at one of UPLOAD_WIDTHS, cached for good.
 */
export const uploadsRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  const { guards, config } = deps;
  const dir = uploadsDir(config);
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
      if (!photo) throw unsupportedMedia(apiMessages.uploadUnsupported);
      const name = await savePhoto(dir, photo);
      return reply.code(201).send({ url: `${config.API_BASE_PATH}/uploads/${name}` });
    },
  );

  app.get(
    '/uploads/:name',
    {
      schema: {
        tags: ['uploads'],
        summary: 'A product photo (WebP), at full size or ?w= one of 320, 640, 1280',
        params: z.object({ name: z.string().regex(PHOTO_NAME, 'No such photo') }),
        querystring: z
          .object({
            w: z.coerce
              .number()
              .refine(isWidth, `w must be one of ${UPLOAD_WIDTHS.join(', ')}`)
              .optional(),
          })
          .strict(),
        response: { 200: z.unknown().describe('The photo as image/webp'), ...errorAnswers(400, 404) },
      },
    },
    async (request, reply) => {
      const bytes = await readPhoto(dir, request.params.name, request.query.w);
      if (!bytes) throw notFound(apiMessages.notFound);
      // The name is the content's hash: a new photo is a new address, so this one never changes.
      return reply.type('image/webp').header('Cache-Control', 'public, max-age=31536000, immutable').send(bytes);
    },
  );
};
