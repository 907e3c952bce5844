import { z } from 'zod';
import { requiredText } from '@parts-shop/shared/fields';

/**
 * The settings forms hold what was typed as text; these turn it into the numbers and codes the shared settings schemas
 * take, with messages that say what to type. The server checks the result again with those schemas.
 */
export const countryText = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'Choose a country');

export const regionText = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^([A-Z0-9]{1,3})?$/, 'Give the region as its code, like CA');

/** "CA, NY" → ["CA", "NY"]; empty → none. */
export const regionListText = z
  .string()
  .transform((text) =>
    text
      .split(',')
      .map((code) => code.trim().toUpperCase())
      .filter((code) => code !== ''),
  )
  .refine(
    (codes) => codes.every((code) => /^[A-Z0-9]{1,3}$/.test(code)),
    'Give regions as codes separated by commas, like CA, NY',
  );

export const dollarsText = (message = 'Give an amount in dollars, like 5.99') =>
  z
    .string()
    .trim()
    .regex(/^\d{1,6}(\.\d{1,2})?$/, message)
    .transform(Number);

export const optionalDollarsText = z
  .string()
  .trim()
  .regex(/^(\d{1,6}(\.\d{1,2})?)?$/, 'Give an amount in dollars, like 100, or leave it empty')
  .transform((text) => (text === '' ? null : Number(text)));

export const wholeText = (message: string, max: number) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,9}$/, message)
    .transform(Number)
    .refine((n) => n <= max, message);

export const percentText = z
  .string()
  .trim()
  .regex(/^\d{1,3}(\.\d{1,3})?$/, 'Give the rate in percent, like 7.25')
  .transform(Number)
  .refine((n) => n <= 100, 'A rate is at most 100 percent');

export const nameText = requiredText('Name is Required', 100);

/** Comma-separated ids → a list; empty → none. */
export const idListText = z
  .string()
  .trim()
  .transform((text) => (text === '' ? [] : text.split(/[\s,]+/).filter(Boolean)));
