import { createHash, randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { addPart, admin, apiToken, expectNoSidewaysScroll, signInAs, test, uniqueEmail } from './support.ts';
import { startAssistant, type Assistant } from './ucp-assistant.ts';

// At both widths: an AI assistant buys over UCP's REST binding; the owner sees the order in
// Manage Orders with the assistant's name and ships it; the assistant's webhook gets the shipped
// order, signed (docs/product.md#ai-assistants).

let assistant: Assistant;
test.beforeEach(async () => {
  assistant = await startAssistant();
});
test.afterEach(async () => {
  await assistant.close();
});

/** An order's row in Manage Orders from 768 px up, its card below (the same actions). */
function orderEntry(page: Page, text: string) {
  const wide = (page.viewportSize()?.width ?? 0) >= 768;
  return wide
    ? page.getByRole('table', { name: 'Manage Orders' }).getByRole('row').filter({ hasText: text })
    : page.getByRole('list', { name: 'Manage Orders' }).getByRole('listitem').filter({ hasText: text });
}

type Session = { id: string; status: string; order?: { id: string; label: string } };
type ShippedEvent = { type: string; carrier?: string; tracking_number?: string };
type WebhookOrder = { id: string; fulfillment: { events: ShippedEvent[] } };

test('an order an assistant completed over REST is shipped from Manage Orders, and its webhook hears of it', async ({
  page,
  request,
}, testInfo) => {
  const tag = `${testInfo.project.name}-${Date.now()}`;
  const adminToken = await apiToken(request, admin.email, admin.password);
  const partName = `Assistant NVMe ${tag}`;
  const partId = await addPart(request, adminToken, { name: partName, minOrder: 1, available: 5, price: 64.5 });

  /** A UCP write as the assistant makes it: its profile, a fresh Request-Id, a key per write. */
  const call = async (method: 'post' | 'put', path: string, data: unknown): Promise<Session> => {
    const response = await request[method](`/api/ucp${path}`, {
      data,
      headers: { 'UCP-Agent': assistant.agent, 'Request-Id': randomUUID(), 'Idempotency-Key': randomUUID() },
    });
    expect(response.status(), await response.text()).toBe(
      method === 'post' && path === '/checkout-sessions' ? 201 : 200,
    );
    return (await response.json()) as Session;
  };

  const lineItems = [{ item: { id: partId }, quantity: 1 }];
  const created = await call('post', '/checkout-sessions', { line_items: lineItems });
  expect(created.status).toBe('incomplete');
  const ready = await call('put', `/checkout-sessions/${created.id}`, {
    line_items: lineItems,
    buyer: { email: uniqueEmail(`assistant-${testInfo.project.name}`), first_name: 'Ada', last_name: 'Lovelace' },
    fulfillment: {
      methods: [
        {
          type: 'shipping',
          destinations: [
            {
              street_address: '12 Analytical Row',
              address_locality: 'Paris',
              postal_code: '75001',
              address_country: 'FR',
            },
          ],
          groups: [{ selected_option_id: 'international' }],
        },
      ],
    },
  });
  expect(ready.status).toBe('ready_for_complete');
  const completed = await call('post', `/checkout-sessions/${created.id}/complete`, {
    payment: {
      instruments: [
        {
          id: 'instr_1',
          handler_id: 'mock_payment_handler',
          type: 'card',
          credential: { type: 'token', token: 'success_token' },
        },
      ],
    },
  });
  expect(completed.status).toBe('completed');
  const order = completed.order;
  if (!order) throw new Error('complete placed no order');

  await signInAs(page, 'admin');
  await page.goto('/dashboard/manageorders');
  await page.getByLabel('Search by order number, email or product').fill(order.label);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const entry = orderEntry(page, partName);
  await expect(entry.getByRole('link', { name: order.label })).toBeVisible();
  await expect(entry).toContainText(`via ${assistant.name}`);
  await expectNoSidewaysScroll(page);

  const tracking = `1Z${Date.now()}`;
  await entry.getByRole('button', { name: `Ship order ${order.label} for ${partName}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Carrier (optional)').fill('UPS');
  await dialog.getByLabel('Tracking number (optional)').fill(tracking);
  await dialog.getByRole('button', { name: 'Ship', exact: true }).click();
  await expect(page.getByText('Item Shipped')).toBeVisible();

  const shippedWebhook = () =>
    assistant.received.find((webhook) => {
      const body = JSON.parse(webhook.body) as WebhookOrder;
      return body.id === order.id && body.fulfillment.events.some((e) => e.tracking_number === tracking);
    });
  await expect.poll(() => shippedWebhook() !== undefined, { timeout: 20_000 }).toBe(true);
  const webhook = shippedWebhook();
  expect(JSON.parse(webhook?.body ?? '{}')).toMatchObject({
    id: order.id,
    fulfillment: { events: [{ type: 'shipped', carrier: 'UPS', tracking_number: tracking }] },
  });
  for (const header of ['signature', 'signature-input', 'content-digest', 'webhook-id', 'webhook-timestamp'])
    expect(webhook?.headers[header], header).toBeTruthy();
  expect(webhook?.headers['signature-input']).toMatch(/^sig1=/);
  const digest = createHash('sha256')
    .update(webhook?.body ?? '')
    .digest('base64');
  expect(webhook?.headers['content-digest']).toBe(`sha-256=:${digest}:`);
});
