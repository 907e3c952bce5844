import { isIP } from 'node:net';
import { z } from 'zod';

/** The named ranges Fastify's trustProxy (proxy-addr) knows besides addresses and CIDRs. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

const HOW_TO =
  'give the number of proxies in front of the API (e.g. 1) or their addresses (e.g. 127.0.0.1 or 10.0.0.0/8, comma-separated)';

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (family === 4 ? 32 : 128);
}

/** "true" is refused: trusting every hop lets any client pick the address its rate limits count under. */
export const trustProxySetting = z
  .string()
  .optional()
  .transform((raw, ctx): false | number | string[] => {
    const value = (raw ?? '').trim();
    if (value === '' || value === 'false' || value === '0') return false;
    if (value === 'true') {
      ctx.addIssue({ code: 'custom', message: `"true" would let any client forge its address; ${HOW_TO}` });
      return z.NEVER;
    }
    if (/^\d{1,2}$/.test(value)) return Number(value);
    const entries = value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const bad = entries.filter((entry) => !isAddressOrRange(entry));
    if (bad.length > 0) {
      ctx.addIssue({ code: 'custom', message: `${bad.join(', ')} is not an address or a range; ${HOW_TO}` });
      return z.NEVER;
    }
    return entries;
  });

/** A hop count becomes a function of the hop's position: this Fastify treats a bare number as "trust nothing". */
export function fastifyTrustProxy(
  setting: false | number | string[],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return setting;
}
