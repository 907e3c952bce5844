import { COUNTRIES_WITH_REGIONS } from '@parts-shop/shared/checkout';
import { emailField } from '@parts-shop/shared/fields';
import { formatOrderNumber } from '@parts-shop/shared/order';
import { UCP_VERSION, type UcpCheckout, type UcpErrorResponse, type UcpMessage } from '@parts-shop/shared/ucp';
import type { Config } from '#api/config/env.ts';
import { taxApartTotals, type CheckoutPrice } from '#api/domain/checkout/pricing.ts';
import type { PricedShipping } from '#api/domain/checkout/types.ts';
import { siteOrigin } from '#api/lib/site-origin.ts';
import { activeCapabilities, paymentHandlers } from './business-profile.ts';
import type { PartForSale, SessionInputs, SessionRow } from './checkout-sessions.repo.ts';
import type { SessionPrice } from './session-price.ts';

/** The one shipping method and its one group; its options are the destination zone's (session-price.ts). */
export const SHIPPING = { methodId: 'shipping', groupId: 'package' } as const;

/** An option as a session shows it; a completed session's is the one its order stored, which keeps no estimate. */
type ShownOption = Omit<PricedShipping, 'minDays' | 'maxDays'> & Partial<Pick<PricedShipping, 'minDays' | 'maxDays'>>;

/** The price a session shows: the engine's while it is open, the order's stored amounts once completed. */
export type ShownPrice = Omit<SessionPrice, 'price'> & {
  price: Omit<CheckoutPrice, 'options' | 'shipping'> & { options: ShownOption[]; shipping: ShownOption | null };
};

/** A zone's option as UCP offers it: its title tells it apart, and says "Free" when it is. */
function fulfillmentOption(option: ShownOption) {
  const free = option.cents === 0 && !/free/i.test(option.title);
  const { minDays, maxDays } = option;
  const days = minDays === maxDays ? `${minDays} business days` : `${minDays}–${maxDays} business days`;
  return {
    id: option.optionId,
    title: free ? `${option.title} (Free)` : option.title,
    description:
      minDays === undefined || maxDays === undefined ? `With ${option.carrier}` : `${days} with ${option.carrier}`,
    carrier: option.carrier,
    totals: [{ type: 'total', display_text: 'Shipping', amount: option.cents }],
  };
}

/** The address fields an order needs before it can ship. */
const ADDRESS_FIELDS = ['street_address', 'address_locality', 'postal_code', 'address_country'] as const;

const error = (code: string, path: string, content: string): UcpMessage => ({
  type: 'error',
  code,
  path,
  content,
  severity: 'recoverable',
});

export function selectedDestination(inputs: SessionInputs) {
  return inputs.destinations.find((d) => d.id === inputs.selectedDestinationId);
}

/** The address as an order stores it: one line a courier can read. */
export function addressLine(destination: NonNullable<ReturnType<typeof selectedDestination>>): string {
  const name = [destination.first_name, destination.last_name].filter(Boolean).join(' ');
  return [
    name,
    destination.street_address,
    destination.extended_address,
    [destination.postal_code, destination.address_locality].filter(Boolean).join(' '),
    destination.address_region,
    destination.address_country,
  ]
    .filter(Boolean)
    .join(', ');
}

/**
 * What stands between the session and an order. Stock is read, never held: the shelf decides again at complete. The
 * price's own problems (a country the shop does not ship to) come with it.
 */
export function checkoutProblems(
  inputs: SessionInputs,
  partsById: Map<string, PartForSale>,
  pricing: Pick<SessionPrice, 'problems'>,
): UcpMessage[] {
  const problems: UcpMessage[] = [];
  const seen = new Set<string>();
  inputs.lines.forEach((line, i) => {
    const part = partsById.get(line.partId);
    const path = `$.line_items[${i}]`;
    if (!part) problems.push(error('item_unavailable', path, 'This item is not sold here (any more)'));
    else if (seen.has(line.partId))
      problems.push(error('duplicate_item', path, `${part.name} is on another line already`));
    else if (line.quantity < part.minOrder)
      problems.push(error('invalid_quantity', `${path}.quantity`, `${part.name} is sold in at least ${part.minOrder}`));
    else if (part.available < line.quantity)
      problems.push(
        error(
          'out_of_stock',
          path,
          part.available === 0
            ? `${part.name} is out of stock`
            : `Only ${part.available} of ${part.name} in stock, ${line.quantity} asked`,
        ),
      );
    seen.add(line.partId);
  });
  if (!inputs.buyer.email) problems.push(error('missing', '$.buyer.email', 'The buyer’s email is required'));
  else if (!emailField.safeParse(inputs.buyer.email).success)
    problems.push(error('invalid', '$.buyer.email', 'The buyer’s email is not an email address'));
  const destination = selectedDestination(inputs);
  if (!destination) {
    problems.push(error('missing', '$.fulfillment.methods[0].destinations', 'A shipping address is required'));
  } else {
    const index = inputs.destinations.indexOf(destination);
    const country = destination.address_country?.trim().toUpperCase() ?? '';
    const needsRegion = (COUNTRIES_WITH_REGIONS as readonly string[]).includes(country);
    for (const field of [...ADDRESS_FIELDS, ...(needsRegion ? (['address_region'] as const) : [])]) {
      if (!destination[field]?.trim())
        problems.push(
          error(
            'missing',
            `$.fulfillment.methods[0].destinations[${index}].${field}`,
            `The shipping address needs its ${field.replaceAll('_', ' ')}`,
          ),
        );
    }
  }
  return [...problems, ...pricing.problems];
}

/** Whether a session still open may be completed now. */
export const isReady = (problems: readonly UcpMessage[]) => !problems.some((m) => m.type === 'error');

const withoutEmpty = <T extends Record<string, unknown>>(value: T) =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== '')) as T;

export function ucpMeta(config: Pick<Config, 'PAYMENT_GATEWAY'>) {
  return {
    version: UCP_VERSION,
    status: 'success' as const,
    capabilities: activeCapabilities(['checkout', 'fulfillment']),
    payment_handlers: paymentHandlers(config),
  };
}

export function errorResponse(code: string, content: string): UcpErrorResponse {
  return {
    ucp: { version: UCP_VERSION, status: 'error' },
    messages: [{ type: 'error', code, content, severity: 'unrecoverable' }],
  };
}

/**
 * The session's totals from the engine's price: exactly one subtotal and one total, and with a destination priced the
 * shipping and the tax between them, so total = subtotal + fulfillment + tax.
 */
function sessionTotals({ price, priced }: ShownPrice) {
  const totals = taxApartTotals(price);
  return [
    { type: 'subtotal', display_text: 'Subtotal', amount: totals.goodsCents },
    ...(priced && price.shipping
      ? [{ type: 'fulfillment', display_text: `Shipping (${price.shipping.title})`, amount: totals.shippingCents }]
      : []),
    ...(priced ? [{ type: 'tax', display_text: price.taxName ?? 'Tax', amount: totals.taxCents }] : []),
    { type: 'total', display_text: 'Total', amount: totals.totalCents },
  ];
}

/** A session as the binding answers it: the engine's prices in cents, its messages and its status. */
export function checkoutView(
  config: Config,
  session: SessionRow,
  facts: { parts: Map<string, PartForSale>; pricing: ShownPrice },
  extra: { messages?: UcpMessage[]; order?: { id: string; number: number } } = {},
): UcpCheckout {
  const origin = siteOrigin(config);
  const { inputs } = session;
  const { parts: partsById, pricing } = facts;
  const open = session.status === 'incomplete' || session.status === 'ready_for_complete';
  const expired = open && session.expiresAt.getTime() <= Date.now();
  const problems = open && !expired ? checkoutProblems(inputs, partsById, pricing) : [];
  const status = expired
    ? 'canceled'
    : open
      ? isReady(problems)
        ? 'ready_for_complete'
        : 'incomplete'
      : session.status;

  const lineItems = inputs.lines.map((line) => {
    const part = partsById.get(line.partId);
    const unitCents = part?.priceCents ?? 0;
    const priced = pricing.price.lines.find((l) => l.key === line.id);
    return {
      id: line.id,
      item: withoutEmpty({
        id: line.partId,
        title: part?.name ?? 'Unavailable item',
        price: unitCents,
        image_url:
          part?.img && /^https?:\/\//.test(part.img)
            ? part.img
            : part?.img
              ? `${origin}${part.img.startsWith('/') ? '' : '/'}${part.img}`
              : undefined,
      }),
      quantity: line.quantity,
      totals: [
        { type: 'subtotal', amount: priced?.subtotalCents ?? 0 },
        { type: 'total', amount: priced?.paidCents ?? 0 },
      ],
    };
  });
  const lineIds = lineItems.map((line) => line.id);
  // An outcome the session's own state already names (a shelf emptied during complete) is said once.
  const said = new Set(problems.map((m) => `${m.code} ${m.path}`));
  const messages = [...problems, ...(extra.messages ?? []).filter((m) => !said.has(`${m.code} ${m.path}`))];
  if (expired) messages.push({ type: 'info', code: 'expired', content: 'This checkout expired; start a new one' });
  return {
    ucp: ucpMeta(config),
    id: session.id,
    status,
    currency: 'USD',
    line_items: lineItems,
    buyer: withoutEmpty({ ...inputs.buyer }),
    fulfillment: {
      methods: [
        {
          id: SHIPPING.methodId,
          type: 'shipping',
          line_item_ids: lineIds,
          // Without an address there is nowhere to price shipping to: no destinations, no options.
          ...(inputs.destinations.length > 0
            ? {
                destinations: inputs.destinations.map((d) => withoutEmpty({ ...d })),
                selected_destination_id: inputs.selectedDestinationId,
              }
            : {}),
          groups: [
            {
              id: SHIPPING.groupId,
              line_item_ids: lineIds,
              options: pricing.priced ? pricing.price.options.map(fulfillmentOption) : [],
              selected_option_id: pricing.priced ? (pricing.price.shipping?.optionId ?? null) : null,
            },
          ],
        },
      ],
    },
    totals: sessionTotals(pricing),
    messages,
    links: [
      { type: 'terms_of_service', url: `${origin}/terms`, title: 'Terms of sale' },
      { type: 'privacy_policy', url: `${origin}/privacy`, title: 'Privacy' },
      { type: 'refund_policy', url: `${origin}/returns`, title: 'Returns and refunds' },
    ],
    expires_at: session.expiresAt.toISOString(),
    ...(extra.order && session.status === 'completed'
      ? {
          order: {
            id: extra.order.id,
            label: formatOrderNumber(extra.order.number),
            permalink_url: `${origin}/dashboard/orders/${extra.order.id}`,
          },
        }
      : {}),
  };
}
