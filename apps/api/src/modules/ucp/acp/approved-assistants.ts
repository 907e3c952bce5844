import type { Db } from '../../../db/client.ts';
import type { UcpAgent } from '../ucp-agent.ts';

/**
 * The approved assistant an API key belongs to, or null. The owner cannot approve assistants
 * yet (the Assistants screen is where they will), so no key names one.
 */
export async function assistantByApiKey(_db: Db, _key: string): Promise<UcpAgent | null> {
  return null;
}
