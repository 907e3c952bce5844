import { lineCents } from '@parts-shop/shared/build-total';
import { emailField } from '@parts-shop/shared/fields';
import { formatOrderNumber } from '@parts-shop/shared/order';
import { UCP_VERSION, type UcpCheckout, type UcpErrorResponse, type UcpMessage } from '@parts-shop/shared/ucp';
import type { Config } from '#api/config/env.ts';
import { siteOrigin } from '#api/lib/site-origin.ts';
import { activeCapabilities, paymentHandlers } from './business-profile.ts';
import type { SessionInputs, SessionRow } from './checkout-sessions.repo.ts';

/** The one shipping method and its one option: the shop's own standard delivery, free. */
export const SHIPPING = { methodId: 'shipping', groupId: 'package', optionId: 'standard' } as const;
const STANDARD_OPTION = {
  id: SHIPPING.optionId,
  title: 'Standard shipping',
  description: 'Free, ships within 2 business days',
  totals: [{ type: 'total', amount: 0 }],
};

export type PartForSale = {
  id: string;
  name: string;
  img: string;
  priceCents: number;
  available: number;
  minOrder: number;
};

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

/** What stands between the session and an order. Stock is read, never held: the shelf decides again at complete. */
export function checkoutProblems(inputs: SessionInputs, partsById: Map<string, PartForSale>): UcpMessage[] {
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
    for (const field of ADDRESS_FIELDS) {
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
  if (inputs.selectedOptionId !== SHIPPING.optionId) {
    problems.push(
      error('missing', '$.fulfillment.methods[0].groups[0].selected_option_id', 'Choose a shipping option'),
    );
  }
  return problems;
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

/** A session as the binding answers it: catalog prices in cents, its messages and its status. */
export function checkoutView(
  config: Config,
  session: SessionRow,
  partsById: Map<string, PartForSale>,
  extra: { messages?: UcpMessage[]; order?: { id: string; number: number } } = {},
): UcpCheckout {
  const origin = siteOrigin(config);
  const { inputs } = session;
  const open = session.status === 'incomplete' || session.status === 'ready_for_complete';
  const expired = open && session.expiresAt.getTime() <= Date.now();
  const problems = open && !expired ? checkoutProblems(inputs, partsById) : [];
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
    const cents = lineCents({ unitCents, quantity: line.quantity });
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
        { type: 'subtotal', amount: cents },
        { type: 'total', amount: cents },
      ],
    };
  });
  const subtotal = lineItems.reduce((sum, line) => sum + (line.totals[1]?.amount ?? 0), 0);
  const shippingChosen = inputs.selectedOptionId === SHIPPING.optionId;
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
          destinations: inputs.destinations.map((d) => withoutEmpty({ ...d })),
          selected_destination_id: inputs.selectedDestinationId,
          groups: [
            {
              id: SHIPPING.groupId,
              line_item_ids: lineIds,
              options: [STANDARD_OPTION],
              selected_option_id: inputs.selectedOptionId,
            },
          ],
        },
      ],
    },
    totals: [
      { type: 'subtotal', display_text: 'Subtotal', amount: subtotal },
      ...(shippingChosen ? [{ type: 'fulfillment', display_text: STANDARD_OPTION.title, amount: 0 }] : []),
      { type: 'total', display_text: 'Total', amount: subtotal },
    ],
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
