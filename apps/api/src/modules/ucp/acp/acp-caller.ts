import type { FastifyRequest } from 'fastify';
import { ACP_VERSION, type AcpError } from '@parts-shop/shared/acp';
import { assistantOverLimit } from '#api/domain/assistants/assistant-limit.ts';
import { apiKeyHash, assistantByApiKey } from '#api/domain/assistants/approved-assistants.ts';
import type { Deps } from '#api/deps.ts';
import { unverified } from '../ucp-admission.ts';
import { assistantsMayCall, parseUcpAgent, type UcpAgent } from '../ucp-agent.ts';

export type AcpRefusal = { statusCode: number; body: AcpError; headers?: Record<string, string> };

export const acpError = (code: string, message: string, param?: string): AcpError => ({
  type: 'invalid_request',
  code,
  message,
  ...(param ? { param } : {}),
});

const BEARER = /^Bearer ([\x21-\x7e]{1,512})$/;

/** A name for Manage Orders from the caller's User-Agent product token ("ChatGPT/2.0 (…)" → "ChatGPT"). */
function nameFromUserAgent(header: string | undefined): string | null {
  const token = /^([\w.-]{1,60})/.exec(header ?? '')?.[1];
  return token ?? null;
}

/** An approved assistant's key is that assistant on either protocol; in production only those are let in. */
export async function acpCaller(deps: Deps, request: FastifyRequest): Promise<UcpAgent | AcpRefusal> {
  const caller = await callerOf(deps, request);
  if ('statusCode' in caller) return caller;
  const wait = await assistantOverLimit(deps.limits, deps.config, caller);
  if (wait === null) return caller;
  return {
    statusCode: 429,
    body: acpError('rate_limit_exceeded', `Too many requests from this assistant, try again in ${wait} seconds`),
    headers: { 'Retry-After': String(wait) },
  };
}

async function callerOf(deps: Deps, request: FastifyRequest): Promise<UcpAgent | AcpRefusal> {
  const key = BEARER.exec(request.headers.authorization ?? '')?.[1];
  const unauthorized = (message: string): AcpRefusal => ({
    statusCode: 401,
    body: acpError('unauthorized', message),
    headers: { 'WWW-Authenticate': 'Bearer' },
  });
  if (!key) return unauthorized('Send Authorization: Bearer <your API key>');
  const assistant = await assistantByApiKey(deps.db, key);
  if (assistant) return { profile: assistant.profile, name: assistant.name, proven: true };
  if (!assistantsMayCall(deps.config)) return unauthorized('This API key belongs to no approved assistant');
  // Outside production an unknown key may try the shop, never under an approved assistant's name.
  const profile = parseUcpAgent(request.headers['ucp-agent']);
  if (profile) return unverified(profile);
  const hash = apiKeyHash(key).slice(0, 32);
  return unverified({
    profile: `acp-key:${hash}`,
    name: nameFromUserAgent(request.headers['user-agent']) ?? 'ACP assistant',
    proven: false,
  });
}

/** The API-Version header: required, and this one version. */
export function versionRefusal(header: string | string[] | undefined): AcpRefusal | null {
  if (header === ACP_VERSION) return null;
  const missing = header === undefined || header === '';
  const body: AcpError = {
    ...acpError(
      missing ? 'missing_api_version' : 'unsupported_api_version',
      missing ? `Send API-Version: ${ACP_VERSION}` : `API version '${String(header)}' is not supported`,
    ),
    supported_versions: [ACP_VERSION],
  };
  return { statusCode: 400, body };
}
