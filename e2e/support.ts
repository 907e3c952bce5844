import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';

/**
 * The shop's browser tests. A page the server drew is on screen, and its links work, before the
 * app's code has run (apps/web/src/start/boot.ts loads it once the page is painted), so every visit
 * waits for the app to mark the page as taken over (`<html data-app-ready>`) before the test
 * uses it, as a person's first tap would otherwise meet buttons with nothing to run yet.
 */
export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    const goto = page.goto.bind(page);
    // A crawler's view (scripts off) has no app to wait for.
    if (javaScriptEnabled)
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        await appReady(page);
        return response;
      };
    await use(page);
  },
});

/** Errors the page logs or throws from now on (a page the browser adopts without trouble logs none). */
export function pageProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

export const admin = { email: 'admin@example.com', password: 'admin-pass-2022' };
export const customer = { email: 'customer@example.com', password: 'customer-pass-2022' };

export const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';
const identityToolkit = `http://${emulatorHost}/identitytoolkit.googleapis.com/v1`;

/** Waits until the app has taken the page over (see `test` above). */
async function appReady(page: Page): Promise<void> {
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
}

/** A unique address per test run, so tests never depend on each other's accounts. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** Creates an account in the auth emulator (the real identity provider of the test run). */
export async function createAccount(request: APIRequestContext, email: string, password: string, displayName: string) {
  const response = await request.post(`${identityToolkit}/accounts:signUp?key=test`, {
    data: { email, password, displayName, returnSecureToken: true },
  });
  expect(response.ok()).toBeTruthy();
}

/** Marks the account's email verified in the emulator, as its verification link would. */
export async function verifyAccountEmail(request: APIRequestContext, email: string, password: string) {
  const signIn = await request.post(`${identityToolkit}/accounts:signInWithPassword?key=test`, {
    data: { email, password, returnSecureToken: true },
  });
  const { localId } = (await signIn.json()) as { localId: string };
  const project = process.env.FIREBASE_PROJECT_ID ?? 'demo-parts-shop';
  const update = await request.post(`${identityToolkit}/projects/${project}/accounts:update`, {
    data: { localId, emailVerified: true },
    headers: { Authorization: 'Bearer owner' },
  });
  expect(update.ok()).toBeTruthy();
}

/** Signs in at the identity provider and exchanges the ID token for the shop's API token. */
export async function apiToken(request: APIRequestContext, email: string, password: string): Promise<string> {
  const signIn = await request.post(`${identityToolkit}/accounts:signInWithPassword?key=test`, {
    data: { email, password, returnSecureToken: true },
  });
  expect(signIn.ok()).toBeTruthy();
  const { idToken } = (await signIn.json()) as { idToken: string };
  const exchange = await request.put(`/api/users/${encodeURIComponent(email)}`, {
    data: { email },
    headers: { Authorization: `Bearer ${idToken}` },
  });
  expect(exchange.ok()).toBeTruthy();
  return ((await exchange.json()) as { token: string }).token;
}

export async function addPart(
  request: APIRequestContext,
  token: string,
  part: { name: string; minOrder: number; available: number; price: number },
): Promise<string> {
  const response = await request.post('/api/parts', {
    data: { description: 'Added by the browser tests', img: '/images/parts/gpu.svg', ...part },
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { insertedId: string }).insertedId;
}

export async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
}

/** Opens the catalog's filters where they are folded away (a phone); on a wide screen they are always shown. */
export async function openFilters(page: Page) {
  const toggle = page.getByRole('button', { name: /^Filters/ });
  if (await toggle.isVisible()) {
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  }
}

export async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `the page overflows by ${overflow}px`).toBeLessThanOrEqual(0);
}

export const partCards = (page: Page) => page.getByTestId('part-card');
