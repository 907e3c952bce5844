import type { Deps } from '#api/deps.ts';
import { assistantOverLimit } from '#api/domain/assistants/assistant-limit.ts';
import { approvedAssistant, assistantByApiKey } from '#api/domain/assistants/approved-assistants.ts';
import type { Answer } from './checkout-sessions.service.ts';
import { errorResponse } from './checkout-view.ts';
import { assistantsMayCall, NOT_APPROVED, type UcpAgent } from './ucp-agent.ts';

const refused = (content: string): Answer => ({ statusCode: 403, body: errorResponse('agent_not_approved', content) });

/** Approved assistants call under their name (in production only they); each has its own limit. */
export async function admitAgent(
  deps: Pick<Deps, 'db' | 'config' | 'limits'>,
  agent: UcpAgent,
  apiKey?: string,
): Promise<UcpAgent | Answer> {
  const approved =
    apiKey === undefined ? await approvedAssistant(deps.db, agent.profile) : await assistantByApiKey(deps.db, apiKey);
  if (apiKey !== undefined && approved?.profile !== agent.profile) {
    return refused('This API key is not one the shop issued to this profile');
  }
  if (!approved && !assistantsMayCall(deps.config)) return refused(NOT_APPROVED);
  const wait = await assistantOverLimit(deps.limits, deps.config, agent.profile);
  if (wait !== null) {
    return {
      statusCode: 429,
      body: errorResponse('rate_limited', `Too many requests from this assistant, try again in ${wait} seconds`),
      headers: { 'Retry-After': String(wait) },
    };
  }
  return approved ? { ...agent, name: approved.name } : agent;
}

/** The API key of an `Authorization: Bearer …` header; undefined when there is none. */
export function bearerKey(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1];
}
