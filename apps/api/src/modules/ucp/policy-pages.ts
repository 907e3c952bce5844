import { RETURN_WINDOW_DAYS } from '@parts-shop/shared/refunds';

/** Terms, privacy and returns pages a checkout links, written from what the shop does (docs/product.md). */
export const POLICY_PAGES = {
  '/terms': {
    title: 'Terms of sale',
    paragraphs: [
      'Prices are in US dollars and are the prices the shop shows when the order is placed; totals include free standard shipping.',
      'An order is placed for the parts in stock at that moment; an unpaid order is cancelled when its hold runs out and its parts go back on the shelf.',
      'The shop ships paid orders and emails the carrier and tracking number once an order leaves.',
    ],
  },
  '/privacy': {
    title: 'Privacy',
    paragraphs: [
      'The shop keeps the name, email, phone number and address an order was placed with, to ship it and to answer questions about it.',
      'Emails about orders go only to addresses their owners have verified by signing in. Nothing is sold or shared beyond the carrier and the payment processor.',
    ],
  },
  '/returns': {
    title: 'Returns and refunds',
    paragraphs: [
      `Parts of a shipped order can be sent back within ${RETURN_WINDOW_DAYS} days of shipping: ask from the order's page.`,
      'Refunds go back to the card that paid; a cancelled unpaid order costs nothing.',
    ],
  },
} as const;

export function policyPageHtml(page: (typeof POLICY_PAGES)[keyof typeof POLICY_PAGES]): string {
  const paragraphs = page.paragraphs.map((text) => `<p>${text}</p>`).join('\n');
  return `<!doctype html>\n<html lang="en">\n<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${page.title} | Parts Shop</title></head>\n<body><main><h1>${page.title}</h1>\n${paragraphs}\n<p><a href="/">Parts Shop</a></p></main></body>\n</html>\n`;
}
