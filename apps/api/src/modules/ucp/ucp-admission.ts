import { apiMessages } from '@parts-shop/shared/api-messages';
import type { Deps } from '#api/deps.ts';
import { assistantOverLimit } from '#api/domain/assistants/assistant-limit.ts';
import { approvedAssistant, assistantByApiKey, isApprovedProfile } from '#api/domain/assistants/approved-assistants.ts';
import { agentProfile } from './agent-profile.ts';
import type { CallerProof } from './caller-proof.ts';
import type { Answer } from './checkout-sessions.service.ts';
import { errorResponse } from './checkout-view.ts';
import { verifyRequest } from './message-signature.ts';
import { assistantsMayCall, NOT_APPROVED, type UcpAgent } from './ucp-agent.ts';

export const NO_PROOF = apiMessages.assistantNoProof;

const unauthorized = (content: string): Answer => ({
  statusCode: 401,
  body: errorResponse('unauthorized', content),
  headers: { 'WWW-Authenticate': 'Bearer realm="ucp"' },
});

const isAnswer = (value: UcpAgent | Answer): value is Answer => 'statusCode' in value;

/**
 * Whose the call is, proven by the key the shop issued for the profile it names, or by a signature made with a key of
 * that profile. Null when it offers no proof; a refusal when the proof fails. A profile is fetched only to check a
 * signature, and in production only an approved assistant's.
 */
async function provenCaller(
  deps: Pick<Deps, 'db' | 'config'>,
  agent: UcpAgent,
  proof: CallerProof,
  open: boolean,
): Promise<UcpAgent | Answer | null> {
  if (proof.apiKey !== undefined) {
    const approved = await assistantByApiKey(deps.db, proof.apiKey);
    if (approved?.profile !== agent.profile)
      return unauthorized('This API key is not one the shop issued to this profile');
    return { profile: approved.profile, name: approved.name, proven: true };
  }
  if (!proof.signed) return null;
  const approved = await isApprovedProfile(deps.db, agent.profile);
  if (!approved && !open && !assistantsMayCall(deps.config)) {
    return { statusCode: 403, body: errorResponse('agent_not_approved', NOT_APPROVED) };
  }
  // A profile that cannot be read proves nothing; the call goes on unproven, and negotiation says why.
  const discovery = await agentProfile(deps.config, agent.profile);
  if ('code' in discovery) return null;
  const verdict = verifyRequest(proof.signed, discovery.profile.signing_keys ?? []);
  if (!verdict.ok) return unauthorized(verdict.reason);
  const named = approved ? await approvedAssistant(deps.db, agent.profile) : null;
  return { ...agent, ...(named ? { name: named.name } : {}), proven: true };
}

/**
 * In production every call proves whose it is, or is refused before any work. Outside it an unproven caller may try
 * the shop, under a name that says so and on a budget of its own, so it never spends a proven assistant's. An `open`
 * call (a catalog read: what the web shop shows anyone) is let in unproven everywhere, on that budget.
 */
export async function admitAgent(
  deps: Pick<Deps, 'db' | 'config' | 'limits'>,
  agent: UcpAgent,
  proof: CallerProof,
  { open = false }: { open?: boolean } = {},
): Promise<UcpAgent | Answer> {
  const proven = await provenCaller(deps, agent, proof, open);
  if (proven && isAnswer(proven)) return proven;
  if (!proven && !open && !assistantsMayCall(deps.config)) return unauthorized(NO_PROOF);
  const caller = proven ?? unverified(agent);
  const wait = await assistantOverLimit(deps.limits, deps.config, caller);
  if (wait !== null) {
    return {
      statusCode: 429,
      body: errorResponse('rate_limited', `Too many requests from this assistant, try again in ${wait} seconds`),
      headers: { 'Retry-After': String(wait) },
    };
  }
  return caller;
}

/** An unproven caller's orders are never recorded under the name of the assistant it claims to be. */
export const unverified = (agent: UcpAgent): UcpAgent => ({
  ...agent,
  name: `${agent.name} (unverified)`,
  proven: false,
});
