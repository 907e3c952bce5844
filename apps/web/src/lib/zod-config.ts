import { z } from 'zod';

// The shop's Content-Security-Policy has no 'unsafe-eval' (docs/security.md). Zod would probe
// `new Function` for its JIT compiler on the first parse; the browser blocks the probe and
// reports a CSP violation (a Lighthouse best-practices failure). Without the JIT, zod
// validates the same way, a little slower, which forms never notice.
z.config({ jitless: true });
