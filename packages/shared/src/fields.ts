import { z } from 'zod';
import { lazySchema } from './lazy-schema.ts';
import { SHORT_TEXT_MAX, TEXT_MAX } from './constants.ts';
import { messages } from './ui-messages.ts';

// PostgreSQL cannot store NUL (U+0000) in text, nor NUL or a lone UTF-16 surrogate in jsonb:
// refused here, so each is a 400 naming the field rather than a database error and a 500
// (found by apps/api/test/fuzz.test.ts). With the u flag, \p{Cs} matches only unpaired halves.
const INVALID_CHARACTER = 'Remove the invalid character from this field';
const UNSTORABLE = /[\0\p{Cs}]/u;
const isStorable = (value: string) => !UNSTORABLE.test(value);

// A length limit is checked first and stops the checks after it (zod's `abort`), so no
// pattern or refinement ever runs on a longer string than the field may hold. Every
// pattern is also linear in its input (eslint-plugin-regexp's super-linear rules in lint);
// apps/api/test/adversarial-input.test.ts sends 64 KB strings to every field.
const tooLong = (max: number, message = `Must be at most ${max} characters`) => ({ error: message, abort: true });

/** A required, trimmed single-line text with the contract's message when it is empty. */
export function requiredText(message: string, max = SHORT_TEXT_MAX) {
  return z
    .string({ error: message })
    .trim()
    .max(max, tooLong(max))
    .min(1, message)
    .refine(isStorable, INVALID_CHARACTER);
}

// Control characters (C0, DEL, C1) and the Unicode line and paragraph separators: what can
// break a line, or a header, wherever the text is shown or mailed.
const LINE_BREAKING = /[\p{Cc}\u2028\u2029]/u;

/** A required, trimmed text that stays on one line: a name other people read. */
export function oneLineText(message: string, oneLineMessage: string, max = SHORT_TEXT_MAX) {
  return requiredText(message, max).refine((value) => !LINE_BREAKING.test(value), oneLineMessage);
}

export function requiredLongText(message: string) {
  return requiredText(message, TEXT_MAX);
}

export function optionalText(max = SHORT_TEXT_MAX) {
  return z.string().trim().max(max, tooLong(max)).refine(isStorable, INVALID_CHARACTER).optional();
}

/**
 * A text field of an outside protocol (UCP, ACP, MCP): kept as sent, without trimming, since
 * the protocol's schema decides what it means, but refused past `max` or with a character the
 * database cannot store.
 */
export function protocolText(max: number) {
  return z.string().max(max, tooLong(max)).refine(isStorable, INVALID_CHARACTER);
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
 * RFC 5321's dot-atom mailbox: no `,` `;` `<` `>`, quotes or spaces that could make one address several or a header.
 * Each part splits one way only, so matching stays linear.
 */
const EMAIL =
  /^[\w!#$%&'*+/=?^`{|}~-]+(?:\.[\w!#$%&'*+/=?^`{|}~-]+)*@[a-z\d]+(?:-+[a-z\d]+)*(?:\.[a-z\d]+(?:-+[a-z\d]+)*)+$/i;
/** RFC 5321's limit on the part before the @. */
const LOCAL_PART_MAX = 64;

export const emailField = lazySchema(() =>
  z
    .string({ error: messages.emailRequired })
    .trim()
    .max(254, tooLong(254, messages.emailInvalid))
    .min(1, messages.emailRequired)
    .regex(EMAIL, messages.emailInvalid)
    .refine((v) => v.indexOf('@') <= LOCAL_PART_MAX, messages.emailInvalid)
    .transform((v) => v.toLowerCase()),
);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Lower case: PostgreSQL's uuid ignores case, so every comparison in code sees one spelling per id. */
export function idField(message?: string) {
  return z.string().regex(UUID, message).toLowerCase();
}

/** UUIDv7-shaped ids, so a malformed id is a 404 before it reaches the database. */
export const idSchema = lazySchema(() => idField());
