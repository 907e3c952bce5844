// How the browser suite and the Lighthouse bench launch the system's Chromium: headless, and
// quiet, so that no update check, sync or first-run page adds requests or time to what they
// measure.

export const HEADLESS_CHROMIUM_FLAGS = /** @type {const} */ ([
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]);
