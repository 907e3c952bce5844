import fs from 'node:fs';
import { test as base, expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';

// A server-drawn page is on screen before the app's code runs (apps/web/src/start/boot.ts), so every
// visit waits for `<html data-app-ready>`: a first tap would otherwise meet buttons with nothing to run.
export const test = base.extend({
  page: async ({ page, javaScriptEnabled }, use) => {
    const goto = page.goto.bind(page);
    // A crawler's view (scripts off) has no app to wait for, nor has a file that is not a page.
    if (javaScriptEnabled)
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        if (response?.headers()['content-type']?.startsWith('text/html') !== false) await appReady(page);
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
export const ROLES = { admin, customer };
export type Role = keyof typeof ROLES;

export const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST ?? '127.0.0.1:9099';
const identityToolkit = `http://${emulatorHost}/identitytoolkit.googleapis.com/v1`;

async function appReady(page: Page): Promise<void> {
  await page.locator('html[data-app-ready]').waitFor({ state: 'attached' });
}

/** A unique address per test run, so tests never depend on each other's accounts. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

export async function createAccount(request: APIRequestContext, email: string, password: string, displayName: string) {
  const response = await request.post(`${identityToolkit}/accounts:signUp?key=test`, {
    data: { email, password, displayName, returnSecureToken: true },
  });
  expect(response.ok()).toBeTruthy();
}

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

export const SESSIONS_DIR_ENV = 'E2E_SESSIONS_DIR';
export function sessionFile(role: string): string {
  const dir = process.env[SESSIONS_DIR_ENV];
  if (!dir) throw new Error('No signed-in sessions: the browser suite runs its global setup first.');
  return `${dir}/${role}.json`;
}

/** Firebase keeps the signed-in user in this IndexedDB store of the shop's origin. */
const FIREBASE_STORE = { db: 'firebaseLocalStorageDb', store: 'firebaseLocalStorage', keyPath: 'fbase_key' };
type FirebaseRecord = Record<string, unknown>;

export async function readFirebaseSession(page: Page): Promise<FirebaseRecord[]> {
  return page.evaluate(
    ({ db, store }) =>
      new Promise<FirebaseRecord[]>((resolve, reject) => {
        const open = indexedDB.open(db);
        open.onerror = () => reject(new Error(String(open.error)));
        open.onsuccess = () => {
          const all = open.result.transaction(store).objectStore(store).getAll();
          all.onerror = () => reject(new Error(String(all.error)));
          all.onsuccess = () => resolve(all.result as FirebaseRecord[]);
        };
      }),
    FIREBASE_STORE,
  );
}

/** Signs in as a demo role without the login page: the role's Firebase session from global-setup.ts,
 * and an API token of the test's own, so a Logout in one test ends only its own token. */
export async function signInAs(page: Page, role: Role): Promise<void> {
  const { email, password } = ROLES[role];
  const records = JSON.parse(fs.readFileSync(sessionFile(role), 'utf8')) as FirebaseRecord[];
  const token = await apiToken(page.request, email, password);
  // A file of the origin, where no app runs to react to the store changing under it.
  await page.goto('/robots.txt');
  await page.evaluate(
    ({ db, store, keyPath, records, token }) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open(db, 1);
        open.onupgradeneeded = () => open.result.createObjectStore(store, { keyPath });
        open.onerror = () => reject(new Error(String(open.error)));
        open.onsuccess = () => {
          const tx = open.result.transaction(store, 'readwrite');
          for (const record of records) tx.objectStore(store).put(record);
          tx.oncomplete = () => {
            localStorage.setItem('accessToken', token);
            resolve();
          };
          tx.onerror = () => reject(new Error(String(tx.error)));
        };
      }),
    { ...FIREBASE_STORE, records, token },
  );
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
}

export async function logIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await appReady(page);
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

export const AM5_BUILD_SPECS = {
  cpu: {
    socket: 'AM5',
    cores: 8,
    threads: 16,
    boostClockGhz: 5.4,
    tdpW: 120,
    integratedGraphics: true,
    memoryTypes: ['DDR5'],
  },
  motherboard: { socket: 'AM5', formFactor: 'ATX', memoryType: 'DDR5', memorySlots: 4, maxMemoryGb: 192, m2Slots: 2 },
  memory: { memoryType: 'DDR5', modules: 2, totalGb: 32, speedMts: 6000 },
  gpu: { lengthMm: 300, boardPowerW: 220, memoryGb: 12, recommendedPsuW: 650 },
  storage: { interface: 'NVMe', formFactor: 'M.2', capacityGb: 2000 },
  psu: { wattageW: 750, formFactor: 'ATX', efficiency: '80 Plus Gold' },
  case: {
    motherboardFormFactors: ['ATX', 'Micro-ATX', 'Mini-ITX'],
    maxGpuLengthMm: 360,
    maxCoolerHeightMm: 165,
    psuFormFactor: 'ATX',
  },
  cooling: { type: 'air', heightMm: 155, sockets: ['AM4', 'AM5', 'LGA1700'], tdpRatingW: 220 },
} as const;
export type BuildSlot = keyof typeof AM5_BUILD_SPECS;

/** A postal address as the order forms ask for it; Oregon charges no sales tax, so totals are goods plus shipping. */
export type ShipTo = {
  name: string;
  line1: string;
  city: string;
  postalCode: string;
  country: string;
  region?: string;
  phone: string;
};
export const OREGON: ShipTo = {
  name: 'Olive Oregon',
  line1: '1 Rose Street',
  city: 'Portland',
  postalCode: '97201',
  country: 'United States',
  region: 'Oregon',
  phone: '+1 503 555 0100',
};

/** Fills an order form's (or the address book's) address fields by their labels. */
export async function fillShipTo(scope: Page | Locator, to: ShipTo = OREGON) {
  await scope.getByLabel('Full name').fill(to.name);
  await scope.getByLabel('Street address').fill(to.line1);
  await scope.getByLabel('City').fill(to.city);
  await scope.getByLabel('Postal code').fill(to.postalCode);
  await scope.getByLabel('Country').selectOption({ label: to.country });
  if (to.region) await scope.getByLabel(/^(State|Province)$/).selectOption({ label: to.region });
  await scope.getByLabel('Phone Number').fill(to.phone);
}

/** Pays on the payment page with the gateway's test card 4242, and waits for the confirmation. */
export async function payWith4242(page: Page) {
  const pay = page.getByRole('button', { name: 'Pay' });
  await expect(pay).toBeEnabled();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await pay.click();
  await expect(page.getByText('Congrats! Your payment is completed')).toBeVisible();
}
