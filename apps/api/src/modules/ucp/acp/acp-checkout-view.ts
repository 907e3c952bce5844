import {
  ACP_VERSION,
  type AcpAddress,
  type AcpCheckoutSession,
  type AcpCompleteInput,
  type AcpCreateInput,
  type AcpMessage,
  type AcpUpdateInput,
} from '@parts-shop/shared/acp';
import { emailField } from '@parts-shop/shared/fields';
import {
  MOCK_PAYMENT_HANDLER,
  UCP_VERSION,
  type UcpCheckout,
  type UcpCheckoutInput,
  type UcpCompleteInput,
  type UcpMessage,
} from '@parts-shop/shared/ucp';
import type { Config } from '#api/config/env.ts';
import { paymentHandlers } from '../business-profile.ts';

/** ACP's words for the one UCP session, which decides prices and status, so the protocols agree. */

type UcpDestination = NonNullable<UcpCheckout['fulfillment']['methods'][number]['destinations']>[number];

/** The payment handlers as ACP declares them: the same mock handler UCP offers, and nothing on Stripe. */
export function acpPaymentHandlers(config: Pick<Config, 'PAYMENT_GATEWAY'>) {
  const offered = paymentHandlers(config)[MOCK_PAYMENT_HANDLER.name] ?? [];
  return offered.map((handler) => ({
    id: handler.id,
    name: MOCK_PAYMENT_HANDLER.name,
    display_name: 'Test card',
    version: UCP_VERSION,
    spec: 'https://github.com/Universal-Commerce-Protocol/conformance',
    requires_delegate_payment: false,
    requires_pci_compliance: false,
    psp: 'parts-shop-test-gateway',
    config_schema: 'https://ucp.dev/schemas/payment_handler.json',
    instrument_schemas: ['https://ucp.dev/schemas/shopping/types/payment_instrument.json'],
    config: { test_mode: true, instrument: { type: 'card', credential: { type: 'token' } } },
  }));
}

const STATUS: Record<UcpCheckout['status'], AcpCheckoutSession['status']> = {
  incomplete: 'not_ready_for_payment',
  ready_for_complete: 'ready_for_payment',
  complete_in_progress: 'complete_in_progress',
  completed: 'completed',
  canceled: 'canceled',
};

/** UCP's message codes in ACP's closed list. */
const CODES: Record<string, string> = {
  missing: 'missing',
  invalid: 'invalid',
  out_of_stock: 'out_of_stock',
  item_unavailable: 'invalid',
  duplicate_item: 'invalid',
  invalid_quantity: 'minimum_not_met',
  payment_failed: 'payment_declined',
  order_refused: 'maximum_exceeded',
  invalid_status: 'conflict',
  no_shipping_zone: 'invalid',
  tax_unavailable: 'invalid',
};

const ADDRESS_FIELDS: Record<string, string> = {
  street_address: 'line_one',
  extended_address: 'line_two',
  address_locality: 'city',
  address_region: 'state',
  address_country: 'country',
  postal_code: 'postal_code',
};

/** A UCP JSONPath as the same place in an ACP session. */
export function acpParam(path: string | undefined): string | undefined {
  if (!path) return undefined;
  const field = /^\$\.fulfillment\.methods\[0\]\.destinations\[\d+\]\.(\w+)$/.exec(path)?.[1];
  if (field) return `$.fulfillment_details.address.${ADDRESS_FIELDS[field] ?? field}`;
  if (path === '$.fulfillment.methods[0].destinations') return '$.fulfillment_details.address';
  if (path.startsWith('$.fulfillment.methods[0].groups')) return '$.selected_fulfillment_options';
  if (path.startsWith('$.payment')) return '$.payment_data';
  return path;
}

function acpMessage(message: UcpMessage): AcpMessage {
  const param = acpParam(message.path);
  const where = param ? { param } : {};
  if (message.type === 'error') {
    return {
      type: 'error',
      code: CODES[message.code] ?? 'invalid',
      ...where,
      resolution: message.severity === 'unrecoverable' ? 'requires_buyer_input' : 'recoverable',
      content_type: 'plain',
      content: message.content,
    };
  }
  return { type: 'info', ...where, content_type: 'plain', content: message.content };
}

const LINKS: Record<string, string> = {
  terms_of_service: 'terms_of_use',
  privacy_policy: 'privacy_policy',
  refund_policy: 'return_policy',
};

const fullName = (first?: string, last?: string) => [first, last].filter(Boolean).join(' ');

/** "Ada King Lovelace" as first "Ada King" and last "Lovelace", so joining them gives it back. */
function splitName(name: string | undefined): { first_name?: string; last_name?: string } {
  const trimmed = name?.trim();
  if (!trimmed) return {};
  const at = trimmed.lastIndexOf(' ');
  return at < 0 ? { first_name: trimmed } : { first_name: trimmed.slice(0, at), last_name: trimmed.slice(at + 1) };
}

function acpAddress(destination: UcpDestination): NonNullable<AcpCheckoutSession['fulfillment_details']>['address'] {
  return {
    name: fullName(destination.first_name, destination.last_name),
    line_one: destination.street_address ?? '',
    ...(destination.extended_address ? { line_two: destination.extended_address } : {}),
    city: destination.address_locality ?? '',
    state: destination.address_region ?? '',
    country: destination.address_country ?? '',
    postal_code: destination.postal_code ?? '',
  };
}

const defined = <T extends Record<string, unknown>>(value: T) =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== '')) as T;

function selectedDestination(checkout: UcpCheckout): UcpDestination | undefined {
  const method = checkout.fulfillment.methods[0];
  return method?.destinations?.find((d) => d.id === method.selected_destination_id);
}

/** The session as ACP answers it. */
export function acpSession(config: Pick<Config, 'PAYMENT_GATEWAY'>, checkout: UcpCheckout): AcpCheckoutSession {
  const expired = checkout.messages.some((m) => m.type === 'info' && m.code === 'expired');
  const group = checkout.fulfillment.methods[0]?.groups[0];
  const lineIds = checkout.line_items.map((line) => line.id);
  // ACP's Buyer and FulfillmentDetails hold only an email address; a malformed one is named by its message.
  const email = checkout.buyer?.email && emailField.safeParse(checkout.buyer.email).success ? checkout.buyer.email : '';
  const destination = selectedDestination(checkout);
  const phone = checkout.buyer?.phone_number ?? destination?.phone_number;
  return {
    id: checkout.id,
    protocol: { version: ACP_VERSION },
    capabilities: { payment: { handlers: acpPaymentHandlers(config) } },
    status: expired ? 'expired' : STATUS[checkout.status],
    currency: 'usd',
    ...(email
      ? {
          buyer: defined({
            email,
            first_name: checkout.buyer?.first_name,
            last_name: checkout.buyer?.last_name,
            phone_number: checkout.buyer?.phone_number,
          }),
        }
      : {}),
    line_items: checkout.line_items.map((line) => ({
      id: line.id,
      item: { id: line.item.id },
      quantity: line.quantity,
      name: line.item.title,
      ...(line.item.image_url ? { images: [line.item.image_url] } : {}),
      unit_amount: line.item.price,
      totals: line.totals.map((total) => ({
        type: total.type,
        display_text: total.type === 'subtotal' ? 'Subtotal' : 'Total',
        amount: total.amount,
      })),
    })),
    ...(destination || email
      ? {
          fulfillment_details: defined({
            name: destination ? fullName(destination.first_name, destination.last_name) : undefined,
            phone_number: phone,
            email: email || undefined,
            address: destination ? acpAddress(destination) : undefined,
          }),
        }
      : {}),
    fulfillment_options: (group?.options ?? []).map((option) => ({
      type: 'shipping' as const,
      id: option.id,
      title: option.title,
      ...(option.description ? { description: option.description } : {}),
      ...(option.carrier ? { carrier: option.carrier } : {}),
      totals: option.totals.map((total) => ({ type: total.type, display_text: 'Shipping', amount: total.amount })),
    })),
    selected_fulfillment_options: group?.selected_option_id
      ? [{ type: 'shipping' as const, option_id: group.selected_option_id, item_ids: lineIds }]
      : [],
    totals: checkout.totals.map((total) => ({
      type: total.type,
      display_text: total.display_text ?? total.type,
      amount: total.amount,
    })),
    messages: checkout.messages.map(acpMessage),
    links: checkout.links.flatMap((link) =>
      LINKS[link.type]
        ? [{ type: LINKS[link.type] as string, ...(link.title ? { title: link.title } : {}), url: link.url }]
        : [],
    ),
    expires_at: checkout.expires_at,
    ...(checkout.order
      ? {
          order: {
            id: checkout.order.id,
            checkout_session_id: checkout.id,
            ...(checkout.order.label ? { order_number: checkout.order.label } : {}),
            permalink_url: checkout.order.permalink_url,
          },
        }
      : {}),
  };
}

/** ACP's items as session lines: an item named again adds to its line, and a line keeps its id. */
function linesFrom(items: AcpCreateInput['line_items'], current?: UcpCheckout): UcpCheckoutInput['line_items'] {
  const lines = new Map<string, number>();
  for (const item of items) lines.set(item.id, (lines.get(item.id) ?? 0) + (item.quantity ?? 1));
  return [...lines].map(([id, quantity]) => {
    const known = current?.line_items.find((line) => line.item.id === id);
    return { ...(known ? { id: known.id } : {}), item: { id }, quantity };
  });
}

function destinationFrom(details: NonNullable<AcpCreateInput['fulfillment_details']>, address: AcpAddress) {
  return defined({
    ...splitName(address.name ?? details.name),
    street_address: address.line_one,
    extended_address: address.line_two,
    address_locality: address.city,
    address_region: address.state,
    address_country: address.country,
    postal_code: address.postal_code,
    phone_number: details.phone_number,
  });
}

function buyerFrom(buyer: NonNullable<AcpCreateInput['buyer']>) {
  const named = buyer.first_name || buyer.last_name ? {} : splitName(buyer.full_name);
  return defined({
    email: buyer.email,
    first_name: buyer.first_name,
    last_name: buyer.last_name,
    phone_number: buyer.phone_number,
    ...named,
  });
}

/** Named fields replace, null clears, left out stays; the email may come in the fulfillment details. */
export function ucpInputFrom(request: AcpCreateInput | AcpUpdateInput, current?: UcpCheckout): UcpCheckoutInput {
  const currentDestination = current && selectedDestination(current);
  const { id: _id, ...keptDestination } = currentDestination ?? { id: '' };
  const details = request.fulfillment_details;
  const destination =
    details === null
      ? undefined
      : details === undefined
        ? currentDestination && keptDestination
        : details.address
          ? destinationFrom(details, details.address)
          : undefined;
  const buyer =
    request.buyer === null ? {} : request.buyer === undefined ? { ...current?.buyer } : buyerFrom(request.buyer);
  if (!buyer.email && details?.email) buyer.email = details.email;
  if (!buyer.phone_number && details?.phone_number) buyer.phone_number = details.phone_number;

  const selection = (request as AcpUpdateInput).selected_fulfillment_options;
  const currentOption = current?.fulfillment.methods[0]?.groups[0]?.selected_option_id ?? null;
  const option = selection === undefined ? currentOption : (selection?.[0]?.option_id ?? null);
  return {
    line_items: request.line_items
      ? linesFrom(request.line_items, current)
      : (current?.line_items ?? []).map((line) => ({
          id: line.id,
          item: { id: line.item.id },
          quantity: line.quantity,
        })),
    buyer,
    fulfillment: {
      methods: [
        {
          type: 'shipping',
          destinations: destination ? [destination] : [],
          groups: [{ selected_option_id: option }],
        },
      ],
    },
  };
}

/** ACP's payment data as the one instrument UCP's complete takes. */
export function ucpPaymentFrom(payment: AcpCompleteInput['payment_data']): UcpCompleteInput {
  return {
    payment: {
      instruments: [
        {
          id: 'acp_payment_data',
          handler_id: payment.handler_id ?? '',
          type: payment.instrument?.type ?? '',
          selected: true,
          ...(payment.instrument ? { credential: payment.instrument.credential } : {}),
        },
      ],
    },
  };
}
