import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';
import { idSchema, oneLineText, requiredText } from './fields.ts';
import { buildMessages } from './build.ts';
import { messages } from './ui-messages.ts';

/** Completed builds (docs/product.md#completed-builds): what a customer built from a shipped build order. */
export const COMPLETED_BUILD_TITLE_MAX = 80;
export const COMPLETED_BUILD_STORY_MAX = 2000;
export const COMPLETED_BUILD_PHOTOS_MAX = 6;

/** The label every completed build carries: the shop knows the parts were bought and shipped. */
export const VERIFIED_ORDER_LABEL = 'Built from a verified order';

/** Only the shop's own uploads (POST /uploads/build-photo), so every photo was checked and re-encoded. */
export const UPLOADED_PHOTO_PATH = /^\/api\/uploads\/[a-f0-9]{64}\.webp$/;

/** POST /completed-builds: the order it was built from, a title, a short story and one to six photos. */
export const newCompletedBuildSchema = lazySchema(() =>
  z
    .object({
      orderId: idSchema,
      title: oneLineText(buildMessages.titleRequired, buildMessages.titleOneLine, COMPLETED_BUILD_TITLE_MAX),
      story: requiredText(messages.buildStoryRequired, COMPLETED_BUILD_STORY_MAX),
      photos: z
        .array(z.string().max(200).regex(UPLOADED_PHOTO_PATH, 'Upload each photo through the form'))
        .min(1, messages.buildPhotosRequired)
        .max(COMPLETED_BUILD_PHOTOS_MAX, `At most ${COMPLETED_BUILD_PHOTOS_MAX} photos`),
    })
    .strict(),
);
export type NewCompletedBuild = z.infer<typeof newCompletedBuildSchema>;

/** PATCH /completed-builds/{id} (admin): hide it from the gallery and its page, or show it again. */
export const completedBuildVisibilitySchema = lazySchema(() => z.object({ hidden: z.boolean() }).strict());

/** A completed build as anyone may read it: the builder by display name at most, never by email. */
export const completedBuildCardSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    title: z.string(),
    builder: z.string().nullable(),
    postedAt: z.string(),
    photo: z.string(),
    partCount: z.number().int(),
    /** Dollars the builder paid for the parts, from the order. */
    paid: z.string(),
  }),
);
export type CompletedBuildCard = z.infer<typeof completedBuildCardSchema>;

export const completedBuildSchema = lazySchema(() =>
  completedBuildCardSchema.extend({
    story: z.string(),
    photos: z.array(z.string()),
    /** When the order shipped: the shop's proof the parts reached the builder. */
    shippedAt: z.string(),
    lines: z.array(z.object({ partId: z.string().nullable(), name: z.string(), quantity: z.number().int() })),
  }),
);
export type CompletedBuild = z.infer<typeof completedBuildSchema>;
