import type { FastifyRequest } from 'fastify';
import { rawBodyOf } from '#api/lib/raw-body.ts';
import type { SignedRequest } from './message-signature.ts';

/** What a call offers as proof of whose it is: the assistant's key, or a signature made with its profile's key. */
export type CallerProof = { apiKey?: string; signed?: SignedRequest };

const BEARER = /^Bearer\s+([\x21-\x7e]{1,512})$/i;

/** `Authorization: Bearer <key>` or `X-API-Key: <key>`, and any RFC 9421 signature, read off the request. */
export function proofOf(request: FastifyRequest): CallerProof {
  const header = request.headers['x-api-key'];
  const apiKey =
    BEARER.exec(request.headers.authorization ?? '')?.[1] ?? (typeof header === 'string' ? header : undefined);
  const signed =
    request.headers['signature-input'] !== undefined
      ? {
          method: request.method,
          url: new URL(request.url, `${request.protocol}://${request.headers.host ?? 'localhost'}`),
          headers: request.headers,
          body: rawBodyOf(request),
        }
      : undefined;
  return { ...(apiKey ? { apiKey } : {}), ...(signed ? { signed } : {}) };
}
