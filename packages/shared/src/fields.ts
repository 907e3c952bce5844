import { z } from 'zod';
import { SHORT_TEXT_MAX, TEXT_MAX } from './constants.ts';
import { messages } from './messages.ts';

// PostgreSQL text cannot hold NUL (U+0000): refused here, so it is a 400 naming the field
// rather than a database error and a 500 (found by apps/api/test/fuzz.test.ts).
const INVALID_CHARACTER = 'Remove the invalid character from this field';
const hasNoNul = (value: string) => !value.includes('\u0000');

// A length limit is checked first and stops the checks after it (zod's `abort`), so no
// pattern or refinement ever runs on a longer string than the field may hold. Every
// pattern is also linear in its input (eslint-plugin-regexp's super-linear rules in lint);
// apps/api/test/adversarial-input.test.ts sends 64 KB strings to every field.
const tooLong = (max: number, message = `Must be at most ${max} characters`) => ({ error: message, abort: true });

/** A required, trimmed single-line text with the contract's message when it is empty. */
export function requiredText(message: string, max = SHORT_TEXT_MAX) {
  return z.string({ error: message }).trim().max(max, tooLong(max)).min(1, message).refine(hasNoNul, INVALID_CHARACTER);
}

export function requiredLongText(message: string) {
  return requiredText(message, TEXT_MAX);
}

/** An optional, trimmed single-line text. */
export function optionalText(max = SHORT_TEXT_MAX) {
  return z.string().trim().max(max, tooLong(max)).refine(hasNoNul, INVALID_CHARACTER).optional();
}

/** An absolute http: or https: address, the only kind a link may point to (docs/product.md#web-addresses). */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** An image address: http(s), or a site path for the images the shop ships itself. */
export function isWebUrl(value: string): boolean {
  if (/^\/[\w./-]*$/.test(value) && !value.startsWith('//')) return true;
  return isHttpUrl(value);
}

/** A user-given image address: http(s) or a site path, nothing else (no javascript:, no data:). */
export function webUrl(requiredMsg: string) {
  return requiredText(requiredMsg, 2000).refine(isWebUrl, messages.urlInvalid);
}

/** A user-given link to another site (e.g. LinkedIn): a full http(s) address only. */
export function httpUrl(requiredMsg: string) {
  return requiredText(requiredMsg, 2000).refine(isHttpUrl, messages.urlInvalid);
}

/**
 * Something, an @, then dot-separated labels (two or more). The domain's labels exclude the
 * dot, so the pattern can split an input one way only and runs in linear time; a domain
 * pattern that also matched dots (`[^\s@]+\.[^\s@]+`) would take quadratic time on a long run of dots.
 */
const EMAIL = /^[^\s@]+@[^\s.@]+(?:\.[^\s.@]+)+$/;

export const emailField = z
  .string({ error: messages.emailRequired })
  .trim()
  .max(254, tooLong(254, messages.emailInvalid))
  .min(1, messages.emailRequired)
  .regex(EMAIL, messages.emailInvalid)
  .refine(hasNoNul, messages.emailInvalid)
  .transform((v) => v.toLowerCase());

/** UUIDv7-shaped ids, so a malformed id is a 404 before it reaches the database. */
export const idSchema = z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i);
