import { z } from 'zod';

// The shop's Content-Security-Policy has no 'unsafe-eval' (docs/security.md).
z.config({ jitless: true });
