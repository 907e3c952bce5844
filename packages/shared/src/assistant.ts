import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';

/** The AI assistants the owner approved to buy (docs/product.md#assistants). */

export const assistantMessages = {
  profile: 'Enter the profile address as an http(s) URL, e.g. https://assistant.example/.well-known/ucp',
  name: 'Enter a name of 1 to 100 characters',
  alreadyApproved: 'This profile address is approved already; revoke it first to issue a new key',
  notFound: 'There is no such approved assistant',
} as const;

/** A profile address as UCP-Agent names it: an http(s) URL, compared in its parsed form. */
export const assistantProfileSchema = lazySchema(() =>
  z
    .string()
    .trim()
    .max(2000, assistantMessages.profile)
    .refine((value) => {
      try {
        return ['http:', 'https:'].includes(new URL(value).protocol);
      } catch {
        return false;
      }
    }, assistantMessages.profile)
    .transform((value) => new URL(value).toString()),
);

/** POST /assistants: approve one by its profile address, under a name. */
export const approveAssistantSchema = lazySchema(() =>
  z
    .object({
      profile: assistantProfileSchema,
      name: z.string().trim().min(1, assistantMessages.name).max(100, assistantMessages.name),
    })
    .strict(),
);
export type ApproveAssistant = z.input<typeof approveAssistantSchema>;

export const assistantSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    profile: z.string(),
    approvedAt: z.string(),
    approvedBy: z.string(),
    orders: z.number().int(),
    lastCallAt: z.string().nullable(),
  }),
);
export type Assistant = z.infer<typeof assistantSchema>;

/** The answer to an approval: the API key is never shown again. */
export const approvedAssistantSchema = lazySchema(() => z.object({ assistant: assistantSchema, apiKey: z.string() }));
export type ApprovedAssistant = z.infer<typeof approvedAssistantSchema>;
