import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';
import { emailField, httpUrl, optionalText, requiredText } from './fields.ts';
import { PHONE_MIN } from './constants.ts';
import { messages, requiredMessage } from './ui-messages.ts';

export const userSchema = lazySchema(() =>
  z.object({
    email: z.string(),
    userName: z.string(),
    phone: z.string(),
    education: z.string(),
    address: z.string(),
    linkedIn: z.string(),
    role: z.enum(['admin', 'customer']),
  }),
);
export type User = z.infer<typeof userSchema>;

/** A user on the admin's users screen (GET /users); `spent` is money paid, net of refunds. */
export const userSummarySchema = lazySchema(() =>
  userSchema.extend({
    signedUpAt: z.string(),
    orders: z.number().int(),
    spent: z.string(),
  }),
);
export type UserSummary = z.infer<typeof userSummarySchema>;

/** The token exchange body: only the email (docs/product.md#sign-in-and-tokens). */
export const tokenRequestSchema = lazySchema(() => z.object({ email: emailField }).strict());
export const tokenResponseSchema = lazySchema(() => z.object({ token: z.string() }));

/** The My Profile edit form: each field required with '{Field} is Required'. */
export const profileSchema = lazySchema(() =>
  z
    .object({
      email: emailField.optional(),
      userName: optionalText(),
      phone: requiredText(requiredMessage('Phone')).refine(
        (v) => v.length >= PHONE_MIN,
        `Phone must be at least ${PHONE_MIN} characters`,
      ),
      education: requiredText(requiredMessage('Education')),
      address: requiredText(requiredMessage('Address'), 500),
      linkedIn: httpUrl(requiredMessage('LinkedIn')),
    })
    .strict(),
);
export type ProfileInput = z.infer<typeof profileSchema>;

/** PATCH /users/{email}/delivery: saves only phone and address, so an empty profile can take them too. */
export const deliveryProfileSchema = lazySchema(() => profileSchema.pick({ phone: true, address: true }).strict());
export type DeliveryProfileInput = z.infer<typeof deliveryProfileSchema>;

export const loginSchema = lazySchema(() =>
  z.object({
    email: emailField,
    password: z.string().min(1, messages.passwordRequired).min(6, messages.passwordShort),
  }),
);
export const signupSchema = lazySchema(() => loginSchema.extend({ name: requiredText(messages.nameRequired) }));

export const adminCheckSchema = lazySchema(() => z.object({ admin: z.boolean() }));
export const modifiedSchema = lazySchema(() => z.object({ acknowledged: z.boolean(), modifiedCount: z.number() }));

/** GET /users (admin): by email, paged with a cursor; q matches email or name. */
const USERS_LIMIT_MAX = 1000;
export const usersQuerySchema = lazySchema(() =>
  z
    .object({
      limit: z.coerce.number().int().min(1).max(USERS_LIMIT_MAX).default(USERS_LIMIT_MAX),
      cursor: z.string().max(400).optional(),
      q: optionalText(100),
    })
    .strict(),
);

/** One change of role: who changed whose role to what, and when. Newest first on the users screen. */
export const roleChangeSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    actorEmail: z.string(),
    targetEmail: z.string(),
    role: z.enum(['admin', 'customer']),
    changedAt: z.string(),
  }),
);
export type RoleChange = z.infer<typeof roleChangeSchema>;
