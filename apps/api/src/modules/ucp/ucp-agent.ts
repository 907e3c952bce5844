import { isIP } from 'node:net';

/**
 * Who calls: the assistant's profile address from its UCP-Agent header, the name the shop shows for it, and whether
 * the call proved it is theirs (a key or a signature).
 */
export type UcpAgent = { profile: string; name: string; proven: boolean };

/** `profile="https://…"` (an RFC 8941 dictionary member); anything else is no agent. */
const PROFILE_MEMBER = /(?:^|[,;\s])profile="([^"\\]{1,2000})"/;

/** The profile address is the assistant's identity: its sessions and orders are its alone. */
export function parseUcpAgent(header: string | string[] | undefined): UcpAgent | null {
  if (typeof header !== 'string') return null;
  const match = PROFILE_MEMBER.exec(header);
  if (!match?.[1]) return null;
  let url: URL;
  try {
    url = new URL(match[1]);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = isIP(url.hostname.replace(/^\[|\]$/g, '')) ? url.host : url.hostname;
  return { profile: url.toString(), name: host, proven: false };
}

export const NOT_APPROVED = 'This shop takes no orders from AI assistants yet';

/** Unapproved assistants may call on the embedded default, so the shop can be tried at once; in production none. */
export function assistantsMayCall(config: { isProduction: boolean }): boolean {
  return !config.isProduction;
}
