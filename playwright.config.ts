import os from 'node:os';
import { defineConfig, devices } from '@playwright/test';
import { HEADLESS_CHROMIUM_FLAGS } from './scripts/lib/chromium.mjs';

/**
 * The browser suite drives the system's Chromium (never a downloaded browser) against a shop
 * that npm test has built and started; E2E_BASE_URL says where.
 */
const baseURL = process.env.E2E_BASE_URL;
if (!baseURL) throw new Error('E2E_BASE_URL is not set: run the browser suite through `npm test`.');

const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [...HEADLESS_CHROMIUM_FLAGS],
};

export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: false,
  // One browser per core.
  workers: os.availableParallelism(),
  // One more try: a spec that passes only on its second is listed as flaky by name in the
  // report, to be fixed, without a slow moment on a shared machine failing the whole run.
  retries: 1,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: { baseURL, launchOptions, trace: 'off', screenshot: 'only-on-failure' },
  projects: [
    // Journeys run at 1280 px. At 375 px run the layout specs: every public route, the signed-in
    // screens on a phone (*.mobile.spec.ts), and the screens whose layout changes most on a
    // phone, each through its journey: the build planner's plan-order-pay, the order fulfilment,
    // the overview, the catalog's import and photos, a review's uploaded photo, the approval of an
    // AI assistant with its key, the owner's tools, and checkout's shipping and tax.
    {
      name: 'mobile-375',
      testMatch:
        /(public|mobile|build-and-pay|fulfilment|overview|catalog-admin|verify-email|review-photo|assistants|owner-[\w-]+|shipping-and-tax|discounts)\.spec\.ts$/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 375, height: 812 }, launchOptions },
    },
    {
      name: 'desktop-1280',
      testIgnore: /(mobile|webmcp|first-load-work)\.spec\.ts$/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions },
    },
    // A browser that offers WebMCP to assistants: Chromium's WebMCP feature, switched on.
    {
      name: 'webmcp',
      testMatch: /webmcp\.spec\.ts$/,
      use: {
        ...devices['Desktop Chrome'],
        viewport: { width: 1280, height: 800 },
        launchOptions: { ...launchOptions, args: [...launchOptions.args, '--enable-features=WebMCP'] },
      },
    },
    // The main-thread work of a first load, measured against a budget after every other spec
    // has finished, so no other browser on the machine runs beside it.
    {
      name: 'first-load',
      testMatch: /first-load-work\.spec\.ts$/,
      dependencies: ['mobile-375', 'desktop-1280', 'webmcp'],
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions },
    },
  ],
});
