import { describe, expect, it } from 'vitest';
import { discountMessages, type Discount } from '@parts-shop/shared/discount';
import { discountFields, discountFormSchema, discountPatch, emptyDiscountFields } from './discount-form-schema.ts';

const stored: Discount = {
  id: 'd-1',
  code: 'SAVE20',
  title: 'Twenty off a hundred',
  kind: 'fixed_order',
  value: 20,
  parts: [],
  kinds: ['gpu'],
  brands: ['Nvidia'],
  minSubtotal: 100,
  firstOrderOnly: false,
  startsAt: null,
  endsAt: null,
  usageLimit: 10,
  perCustomerLimit: null,
  combinable: false,
  priority: 5,
  paused: false,
  status: 'active',
  uses: 3,
  given: 60,
  createdAt: '2026-12-01T00:00:00.000Z',
};

describe('the Discounts form', () => {
  it('turns what was typed into the body POST /api/discounts takes, the code in upper case', () => {
    const parsed = discountFormSchema.parse({
      ...emptyDiscountFields,
      code: ' welcome10 ',
      title: 'Welcome',
      value: '10',
      brands: 'AMD, , Intel',
      usageLimit: '50',
      priority: '2',
    });
    expect(parsed).toEqual({
      code: 'WELCOME10',
      title: 'Welcome',
      kind: 'percentage',
      value: 10,
      parts: [],
      kinds: [],
      brands: ['AMD', 'Intel'],
      firstOrderOnly: false,
      usageLimit: 50,
      combinable: true,
      priority: 2,
    });
  });

  it('leaves the code out for an automatic promotion, and takes no value for free shipping', () => {
    const parsed = discountFormSchema.parse({ ...emptyDiscountFields, title: 'Ship free', kind: 'free_shipping' });
    expect(parsed.code).toBeUndefined();
    expect(parsed.value).toBe(0);
  });

  it('says what is wrong with the shared messages, at the field', () => {
    const result = discountFormSchema.safeParse({
      ...emptyDiscountFields,
      title: 'Too much',
      value: '150',
      startsAt: '2026-12-24T10:00',
      endsAt: '2026-12-24T09:00',
    });
    expect(result.success).toBe(false);
    const issues = result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues).toContainEqual(['value', discountMessages.percentage]);
    expect(issues).toContainEqual(['endsAt', discountMessages.endsBeforeStart]);
  });

  it('edits a stored discount and clears what was emptied with null', () => {
    const fields = { ...discountFields(stored), minSubtotal: '', brands: '', value: '25' };
    expect(discountPatch(discountFormSchema.parse(fields))).toEqual({
      title: 'Twenty off a hundred',
      value: 25,
      parts: null,
      kinds: ['gpu'],
      brands: null,
      minSubtotal: null,
      firstOrderOnly: false,
      startsAt: null,
      endsAt: null,
      usageLimit: 10,
      perCustomerLimit: null,
      combinable: false,
      priority: 5,
    });
  });
});
