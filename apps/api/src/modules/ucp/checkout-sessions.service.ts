import { idSchema } from '@parts-shop/shared/fields';
import { type UcpCheckout, type UcpCheckoutInput, type UcpCompleteInput } from '@parts-shop/shared/ucp';
import type { UcpErrorResponse, UcpMessage, UcpOrder } from '@parts-shop/shared/ucp';
import type { Db } from '#api/db/client.ts';
import { users } from '#api/db/schema.ts';
import { queueOrderWebhook } from '#api/domain/orders/order-webhooks.ts';
import { placeOneOrder, placementRules } from '#api/domain/orders/place-orders.ts';
import { cancelUnpaidOrder } from '#api/domain/unpaid-orders/cancel-unpaid-order.ts';
import type { Caller } from '#api/lib/auth.ts';
import type { Deps } from '#api/deps.ts';
import { HttpError } from '#api/lib/http-error.ts';
import { newId } from '#api/lib/ids.ts';
import {
  findSession,
  insertSession,
  partsForSale,
  transitionSession,
  type PartForSale,
  type SessionInputs,
  type SessionRow,
} from './checkout-sessions.repo.ts';
import {
  addressLine,
  checkoutProblems,
  checkoutView,
  errorResponse,
  isReady,
  selectedDestination,
} from './checkout-view.ts';
import { completedFacts } from './completed-session.ts';
import { priceSession, sessionOrderPricing, type SessionPrice } from './session-price.ts';
import { meansOf, payWithInstrument, wantedInstrument } from './pay-with-instrument.ts';
import type { UcpAgent } from './ucp-agent.ts';

/** How long a session stays open (the protocol's default). */
const SESSION_TTL_MS = 6 * 60 * 60 * 1000;

/** What a UCP operation answers: the checkout, or no checkout at all (an error_response). */
export type Answer = {
  statusCode: number;
  body: UcpCheckout | UcpErrorResponse | UcpOrder;
  /** Sent over REST with the answer (a refusal's Retry-After). */
  headers?: Record<string, string>;
};

const sessionNotFound = (): Answer => ({
  statusCode: 404,
  body: errorResponse('not_found', 'There is no such checkout session'),
});

const failure = (code: string, path: string, content: string): UcpMessage => ({
  type: 'error',
  code,
  path,
  content,
  severity: 'recoverable',
});

/** A lone destination is selected; no option named is the destination's cheapest (session-price.ts). */
function inputsFrom(input: UcpCheckoutInput, previous?: SessionInputs): SessionInputs {
  const known = new Set(previous?.lines.map((line) => line.id));
  const used = new Set<string>();
  let next = 1;
  const freshId = () => {
    while (known.has(`li_${next}`) || used.has(`li_${next}`)) next += 1;
    return `li_${next}`;
  };
  const lines = input.line_items.map((line) => {
    const id = line.id && known.has(line.id) && !used.has(line.id) ? line.id : freshId();
    used.add(id);
    return { id, partId: line.item.id, quantity: line.quantity };
  });
  const method = input.fulfillment?.methods?.find((m) => m.type === undefined || m.type === 'shipping');
  const destinations = (method?.destinations ?? []).map((d, i) => {
    const { id, ...address } = d;
    const fields = Object.fromEntries(
      Object.entries(address).filter(([key, value]) => typeof value === 'string' && ADDRESS_KEYS.has(key)),
    );
    return { ...fields, id: id ?? `dest_${i + 1}` };
  });
  const named = method?.selected_destination_id;
  const selectedDestinationId =
    named && destinations.some((d) => d.id === named)
      ? named
      : destinations.length === 1
        ? (destinations[0]?.id ?? null)
        : null;
  const option = method?.groups?.[0]?.selected_option_id;
  const { email, first_name, last_name, phone_number } = input.buyer ?? {};
  return {
    lines,
    buyer: Object.fromEntries(
      Object.entries({ email: email?.trim().toLowerCase(), first_name, last_name, phone_number }).filter(([, v]) => v),
    ),
    destinations,
    selectedDestinationId,
    selectedOptionId: typeof option === 'string' && option !== '' ? option : null,
  };
}

const ADDRESS_KEYS = new Set([
  'street_address',
  'extended_address',
  'address_locality',
  'address_region',
  'address_country',
  'postal_code',
  'first_name',
  'last_name',
  'phone_number',
]);

/** What a session's answer is made of: its parts as sold now, and the engine's price of them where they go. */
type SessionFacts = { parts: Map<string, PartForSale>; pricing: SessionPrice };

async function factsOf(db: Db, inputs: SessionInputs): Promise<SessionFacts> {
  // A malformed id names no part: it is an unavailable item, not a database error.
  const ids = inputs.lines.map((line) => line.partId).filter((id) => idSchema.safeParse(id).success);
  const parts = new Map((await partsForSale(db, [...new Set(ids)])).map((part) => [part.id, part]));
  return { parts, pricing: await priceSession(db, inputs, parts) };
}

/** Whether the open session would be ready now, for the status column (the answer decides afresh). */
function openStatus(inputs: SessionInputs, facts: SessionFacts) {
  return isReady(checkoutProblems(inputs, facts.parts, facts.pricing))
    ? ('ready_for_complete' as const)
    : ('incomplete' as const);
}

/** A completed session answers what its order stored; any other is priced afresh. */
async function view(deps: Deps, session: SessionRow, messages: UcpMessage[] = []): Promise<UcpCheckout> {
  const completed = await completedFacts(deps.db, session);
  if (completed) return checkoutView(deps.config, session, completed, { messages, order: completed.order });
  return checkoutView(deps.config, session, await factsOf(deps.db, session.inputs), { messages });
}

export async function createCheckout(deps: Deps, agent: UcpAgent, input: UcpCheckoutInput): Promise<Answer> {
  const inputs = inputsFrom(input);
  const facts = await factsOf(deps.db, inputs);
  if (facts.parts.size === 0) {
    return { statusCode: 200, body: errorResponse('item_unavailable', 'None of the requested items is sold here') };
  }
  const session = await insertSession(deps.db, {
    id: newId(),
    agent: agent.profile,
    agentName: agent.name,
    status: openStatus(inputs, facts),
    inputs,
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
  });
  return { statusCode: 201, body: checkoutView(deps.config, session, facts) };
}

export async function getCheckout(deps: Deps, agent: UcpAgent, id: string): Promise<Answer> {
  const session = idSchema.safeParse(id).success ? await findSession(deps.db, id, agent.profile) : undefined;
  if (!session) return sessionNotFound();
  return { statusCode: 200, body: await view(deps, session) };
}

const notOpen = (session: SessionRow) =>
  failure(
    'invalid_status',
    '$.status',
    session.status === 'completed' ? 'This checkout is completed' : 'This checkout is closed; start a new one',
  );

const isExpired = (session: SessionRow) => session.expiresAt.getTime() <= Date.now();

/** PUT /checkout-sessions/{id}: the assistant's new inputs replace the old ones while the session is open. */
export async function updateCheckout(
  deps: Deps,
  agent: UcpAgent,
  id: string,
  input: UcpCheckoutInput,
): Promise<Answer> {
  const session = idSchema.safeParse(id).success ? await findSession(deps.db, id, agent.profile) : undefined;
  if (!session) return sessionNotFound();
  if (isExpired(session)) return { statusCode: 200, body: await view(deps, session) };
  const inputs = inputsFrom(input, session.inputs);
  const facts = await factsOf(deps.db, inputs);
  const updated = await transitionSession(deps.db, session.id, ['incomplete', 'ready_for_complete'], {
    status: openStatus(inputs, facts),
    inputs,
  });
  if (!updated) {
    const now = (await findSession(deps.db, id, agent.profile)) ?? session;
    return { statusCode: 200, body: await view(deps, now, [notOpen(now)]) };
  }
  return { statusCode: 200, body: checkoutView(deps.config, updated, facts) };
}

/** An order a declined payment left waiting is cancelled the one way unpaid orders end, so its units go back. */
export async function cancelCheckout(deps: Deps, agent: UcpAgent, id: string): Promise<Answer> {
  const session = idSchema.safeParse(id).success ? await findSession(deps.db, id, agent.profile) : undefined;
  if (!session) return sessionNotFound();
  const canceled = await transitionSession(deps.db, session.id, ['incomplete', 'ready_for_complete'], {
    status: 'canceled',
  });
  if (!canceled) return { statusCode: 200, body: await view(deps, session, [notOpen(session)]) };
  if (canceled.orderId) await cancelUnpaidOrder(deps.db, deps.payments, canceled.orderId, 'customer', null);
  return { statusCode: 200, body: await view(deps, canceled) };
}

/** The placement's refusal when the shelf is short, naming the parts. */
class ShortOfStock extends HttpError {
  constructor(readonly partIds: string[]) {
    super(409, 'Not enough stock');
  }
}

/**
 * Places the order through the one placement path, priced by the engine for the session's destination and option;
 * the buyer is the account of the given email, made if new.
 */
async function placeSessionOrder(deps: Deps, session: SessionRow, parts: Map<string, PartForSale>) {
  const { inputs } = session;
  const email = inputs.buyer.email as string;
  const destination = selectedDestination(inputs);
  if (!destination) throw new Error('a ready session has a destination');
  const name = [inputs.buyer.first_name, inputs.buyer.last_name].filter(Boolean).join(' ');
  await deps.db
    .insert(users)
    .values({ email, userName: name || (email.split('@')[0] ?? email) })
    .onConflictDoNothing();
  const caller: Caller = { email, uid: '', role: 'customer', token: { id: '', expiresAtMs: 0 } };
  return placeOneOrder(deps.db, placementRules(deps.config, deps.payments), caller, {
    lines: inputs.lines.map((line) => ({ partId: line.partId, quantity: line.quantity })),
    phoneNumber: inputs.buyer.phone_number ?? destination.phone_number ?? '',
    address: addressLine(destination),
    ...(await sessionOrderPricing(deps.db, inputs, destination)),
    short: async (_tx, partIds) => new ShortOfStock(partIds),
    origin: session.agentName,
    tooLarge: (partId) => `order fewer of ${parts.get(partId)?.name ?? 'the priciest line'}`,
  });
}

/** The messages for a placement the shop refused: the lines the shelf is short of, or the shop's reason. */
function placementRefusal(session: SessionRow, refusal: HttpError, parts: Map<string, PartForSale>): UcpMessage[] {
  if (refusal instanceof ShortOfStock) {
    return session.inputs.lines.flatMap((line, i) =>
      refusal.partIds.includes(line.partId)
        ? [
            failure(
              'out_of_stock',
              `$.line_items[${i}]`,
              `${parts.get(line.partId)?.name ?? 'This item'} is out of stock`,
            ),
          ]
        : [],
    );
  }
  return [failure('order_refused', '$', refusal.message)];
}

/**
 * One complete at a time takes the session, so two never place two orders. The order is placed and paid in one step:
 * a declined payment cancels it at once (its units back on the shelf, no email), and the session is ready again with
 * no order. An order paid meanwhile by other means (the buyer on the web) completes the session instead of a second.
 */
export async function completeCheckout(
  deps: Deps,
  agent: UcpAgent,
  id: string,
  input: UcpCompleteInput,
): Promise<Answer> {
  const session = idSchema.safeParse(id).success ? await findSession(deps.db, id, agent.profile) : undefined;
  if (!session) return sessionNotFound();
  if (session.status !== 'incomplete' && session.status !== 'ready_for_complete') {
    return { statusCode: 200, body: await view(deps, session, [notOpen(session)]) };
  }
  if (isExpired(session)) return { statusCode: 200, body: await view(deps, session, [notOpen(session)]) };

  const instruments = input.payment.instruments;
  const instrument = instruments.find((i) => i.selected) ?? instruments[0];
  const means = instrument ? meansOf(deps.payments, instrument) : null;
  if (!means) {
    const problem = failure(
      'payment_failed',
      '$.payment.instruments[0]',
      `Pay with ${wantedInstrument(deps.payments)}`,
    );
    return { statusCode: 200, body: await view(deps, session, [problem]) };
  }

  const facts = await factsOf(deps.db, session.inputs);
  const { parts } = facts;
  if (!isReady(checkoutProblems(session.inputs, parts, facts.pricing))) {
    return { statusCode: 200, body: await view(deps, session) };
  }
  const taken = await transitionSession(deps.db, session.id, ['incomplete', 'ready_for_complete'], {
    status: 'complete_in_progress',
    orderId: null,
  });
  if (!taken) {
    const now = (await findSession(deps.db, id, agent.profile)) ?? session;
    return {
      statusCode: 200,
      body: await view(deps, now, now.status === 'complete_in_progress' ? [] : [notOpen(now)]),
    };
  }

  let placedId: string | null = null;
  const putBack = () =>
    transitionSession(deps.db, session.id, ['complete_in_progress'], { status: 'ready_for_complete', orderId: null });
  try {
    let order;
    try {
      order = await placeSessionOrder(deps, taken, parts);
    } catch (refusal) {
      if (!(refusal instanceof HttpError) || refusal.statusCode >= 500) throw refusal;
      const back = (await putBack()) ?? taken;
      return { statusCode: 200, body: await view(deps, back, placementRefusal(taken, refusal, parts)) };
    }
    placedId = order.id;
    await transitionSession(deps.db, session.id, ['complete_in_progress'], { orderId: order.id });
    const paid = await payWithInstrument(deps.db, deps.payments, order, means);
    if (paid.kind === 'declined') {
      const ended = await cancelUnpaidOrder(deps.db, deps.payments, order.id, 'declined', null);
      if (ended.kind !== 'already-paid' && ended.kind !== 'paid') {
        const back = (await putBack()) ?? taken;
        return {
          statusCode: 200,
          body: await view(deps, back, [failure('payment_failed', '$.payment.instruments[0]', paid.message)]),
        };
      }
    }
    const placed = order;
    const completed = await deps.db.transaction(async (tx) => {
      const done = await transitionSession(tx, session.id, ['complete_in_progress'], {
        status: 'completed',
        orderId: placed.id,
      });
      // The assistant hears of its order by webhook from here on, beginning with its creation.
      if (done) await queueOrderWebhook(tx, placed.id, 'created');
      return done;
    });
    return { statusCode: 200, body: await view(deps, completed ?? taken) };
  } catch (error) {
    // An order left unpaid by a failure here ends as every unpaid order does; the session is ready to try again.
    if (placedId) await cancelUnpaidOrder(deps.db, deps.payments, placedId, 'declined', null).catch(() => undefined);
    await putBack().catch(() => undefined);
    throw error;
  }
}
