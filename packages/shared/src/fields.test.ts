import { describe, expect, it } from 'vitest';
import { emailField, idSchema, optionalText, requiredText } from './fields.ts';
import { messages } from './ui-messages.ts';
import { parseExpiry } from './payment.ts';

describe('emailField', () => {
  it.each([
    'a@b.co',
    'Ada.Lovelace+shop@mail.example.org',
    'x@y.z',
    "o'brien@ex-ample.co.uk",
    'a_b{c}~d@x1.example',
    `${'a'.repeat(64)}@c.de`,
  ])('takes %s', (email) => {
    expect(emailField.safeParse(email).success).toBe(true);
  });

  it.each([
    '',
    'a',
    'a@b',
    'a@b.',
    'a@.b',
    'a@b..c',
    'a b@c.d',
    'a@b@c.d',
    '@b.c',
    // RFC 5321 allows none of these outside quotes: each could split or extend a mail header.
    'a,b@c.de',
    'a;b@c.de',
    '<a>@c.de',
    'a>b@c.de',
    'a"b@c.de',
    'a..b@c.de',
    '.a@c.de',
    'a.@c.de',
    'a@-c.de',
    'a@c-.de',
    'a@c_d.de',
    `${'a'.repeat(65)}@c.de`,
  ])('refuses %j', (email) => {
    expect(emailField.safeParse(email).success).toBe(false);
  });

  it('stops at the length limit: a 64 KB value gets the one message, not the pattern too', () => {
    const issues = emailField.safeParse(`a@${'.'.repeat(64 * 1024)}@`).error?.issues ?? [];
    expect(issues.map((i) => [i.code, i.message])).toEqual([['too_big', messages.emailInvalid]]);
  });
});

describe('idSchema', () => {
  it('gives one spelling per id: any case in, lower case out; anything else refused', () => {
    const id = '0190a3b4-0000-7000-8000-00000000abcd';
    expect(idSchema.parse(id.toUpperCase())).toBe(id);
    expect(idSchema.safeParse(`${id} `).success).toBe(false);
    expect(idSchema.safeParse('not-an-id').success).toBe(false);
  });
});

describe('text fields stop at their length limit', () => {
  it.each([
    ['requiredText', requiredText('Required', 10)],
    ['optionalText', optionalText(10)],
  ])('%s answers only "too long" for an over-long value', (_name, schema) => {
    const issues = schema.safeParse(`${'x'.repeat(64 * 1024)}\u0000`).error?.issues ?? [];
    expect(issues.map((i) => i.message)).toEqual(['Must be at most 10 characters']);
  });
});

describe('parseExpiry', () => {
  it.each([
    ['12/30', { expMonth: 12, expYear: 2030 }],
    [' 1 / 2031 ', { expMonth: 1, expYear: 2031 }],
    ['0433', { expMonth: 4, expYear: 2033 }],
    ['04 33', { expMonth: 4, expYear: 2033 }],
  ])('reads %j', (text, expiry) => {
    expect(parseExpiry(text)).toEqual(expiry);
  });

  it.each(['', '12/', '/30', '12//30', '123/30', `1${' '.repeat(64 * 1024)}1x`])('refuses %j', (text) => {
    expect(parseExpiry(text)).toBeNull();
  });
});
