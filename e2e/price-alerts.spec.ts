import { expect } from '@playwright/test';
import { addPart, admin, apiToken, createAccount, logIn, test, uniqueEmail, verifyAccountEmail } from './support.ts';

// A customer asks to hear when a part gets cheaper; the owner lowers the price; one email
// arrives (docs/product.md#price-history-and-alerts).

const mailbox = process.env.E2E_MAILDEV_URL;

type CaughtEmail = { subject: string; text: string; to: { address: string }[] };

test('a customer sets a price alert on the part page and is emailed when the owner lowers the price', async ({
  page,
  request,
}) => {
  test.skip(!mailbox, 'E2E_MAILDEV_URL names the mail catcher the shop sends to');
  const adminToken = await apiToken(request, admin.email, admin.password);
  const partName = `Alert GPU ${Date.now()}`;
  const partId = await addPart(request, adminToken, { name: partName, minOrder: 1, available: 4, price: 599 });

  const email = uniqueEmail('alert');
  const password = 'alert-pass-1';
  await createAccount(request, email, password, 'Alex Alert');
  await verifyAccountEmail(request, email, password);

  await logIn(page, email, password);
  await page.goto(`/parts/${partId}`);
  await expect(page.getByRole('figure', { name: 'Price history' })).toContainText('$599.00 since');
  const form = page.getByRole('form', { name: 'Tell me when' });
  await form.getByLabel('Price ($)').fill('549');
  await form.getByRole('button', { name: 'Set alert' }).click();
  await expect(page.getByText(`We will email you when ${partName} is at or below your price`)).toBeVisible();

  const current = (await (await request.get(`/api/parts/${partId}`)).json()) as { version: number };
  const lowered = await request.patch(`/api/parts/${partId}`, {
    headers: { Authorization: `Bearer ${adminToken}` },
    data: { version: current.version, price: 529 },
  });
  expect(lowered.ok()).toBeTruthy();

  await expect
    .poll(
      async () => {
        const caught = (await (await request.get(`${mailbox}/api/email`)).json()) as CaughtEmail[];
        return caught.filter((m) => m.to.some((to) => to.address === email)).map((m) => m.subject);
      },
      { timeout: 20_000 },
    )
    .toEqual([`${partName} is now $529.00`]);

  await page.goto('/dashboard/alerts');
  await expect(page.getByRole('list', { name: 'My Alerts' }).getByRole('listitem')).toContainText(
    'Price at or below $549.00: emailed',
  );
});
