import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import { expectNoSidewaysScroll, signInAs, test } from './support.ts';
import { startAssistant } from './ucp-assistant.ts';

// At both widths: the owner approves an AI assistant on Dashboard > Assistants, sees its API key
// once, and revokes it; the key works for that assistant's profile alone, and not after the
// revoke (docs/product.md#assistants). Keyboard only, as far as the screen goes.

/** A UCP call with the key: 404 (admitted, no such session) or 403 (agent_not_approved). */
async function callWithKey(request: APIRequestContext, profile: string, key: string): Promise<number> {
  const res = await request.get(`/api/ucp/checkout-sessions/${randomUUID()}`, {
    headers: { 'UCP-Agent': `profile="${profile}"`, 'Request-Id': randomUUID(), Authorization: `Bearer ${key}` },
  });
  return res.status();
}

test('the owner approves an assistant, sees its key once, and revokes it', async ({ page, request }, testInfo) => {
  const tag = `${testInfo.project.name}-${Date.now()}`;
  // The shop fetches an admitted assistant's profile, so this one serves its own.
  const assistant = await startAssistant();
  try {
    const profile = assistant.profileUrl;
    const name = `Helper ${tag}`;

    await signInAs(page, 'admin');
    await page.goto('/dashboard');
    await page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', { name: 'Assistants' }).click();
    await expect(page.getByRole('heading', { name: 'Assistants', level: 2 })).toBeVisible();
    await expectNoSidewaysScroll(page);

    const address = page.getByLabel('Profile address');
    await address.fill('not an address');
    await address.press('Tab');
    await page.getByLabel('Display name').fill(name);
    await page.getByLabel('Display name').press('Enter');
    await expect(page.getByText(/Enter the profile address as an http\(s\) URL/)).toBeVisible();
    await expect(address).toHaveAttribute('aria-invalid', 'true');

    await address.fill(profile);
    await page.getByLabel('Display name').press('Enter');
    const keyBox = page.getByRole('region', { name: `API key for ${name}` });
    await expect(keyBox).toBeVisible();
    const keyField = keyBox.getByLabel('API key');
    await expect(keyField).toBeFocused();
    const key = await keyField.inputValue();
    expect(key).toMatch(/^psa_/);
    await expectNoSidewaysScroll(page);

    expect(await callWithKey(request, profile, key)).toBe(404);
    expect(await callWithKey(request, `https://other-${tag}.example/.well-known/ucp`, key)).toBe(401);

    await keyBox.getByRole('button', { name: 'I have copied it' }).press('Enter');
    await expect(keyBox).toBeHidden();
    await page.reload();
    const revoke = page.getByRole('button', { name: `Revoke ${name}` });
    await expect(revoke).toBeVisible();
    await expect(page.getByText(profile)).toBeVisible();
    expect(await page.content()).not.toContain(key);
    await expectNoSidewaysScroll(page);

    await revoke.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Are You Sure' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'No' })).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(dialog.getByRole('button', { name: 'Yes' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(revoke).toBeHidden();
    await expect(page.getByText(profile)).toBeHidden();

    expect(await callWithKey(request, profile, key)).toBe(401);
  } finally {
    await assistant.close();
  }
});
