import { expect, type APIRequestContext } from '@playwright/test';
import { createAccount, emulatorHost, logIn, test, uniqueEmail } from './support.ts';

// At both widths: an unverified customer can get the verification link again, and on the
// embedded default learns where it went (docs/product.md#dashboard).

/** The verification links the auth emulator has made for `email` (its out-of-band codes). */
async function verificationLinks(request: APIRequestContext, email: string) {
  const project = process.env.FIREBASE_PROJECT_ID ?? 'demo-parts-shop';
  const response = await request.get(`http://${emulatorHost}/emulator/v1/projects/${project}/oobCodes`);
  const { oobCodes } = (await response.json()) as { oobCodes: { email: string; requestType: string }[] };
  return oobCodes.filter((code) => code.email === email && code.requestType === 'VERIFY_EMAIL').length;
}

test('an unverified customer sends the verification link again', async ({ page, request }) => {
  const email = uniqueEmail('unverified');
  await createAccount(request, email, 'secret-pass-1', 'Una Verified');
  await logIn(page, email, 'secret-pass-1');
  await page.goto('/dashboard');
  await expect(page.getByText(/Verify your email address to get order emails/)).toBeVisible();
  const before = await verificationLinks(request, email);

  await page.getByRole('button', { name: 'Send the link again' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'the link is in the console where npm start runs' }),
  ).toBeVisible();
  expect(await verificationLinks(request, email)).toBe(before + 1);
});
