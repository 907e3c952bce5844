import { z } from 'zod';
import { apiErrorSchema } from '@parts-shop/shared/error';
import { ucpErrorResponseSchema } from '@parts-shop/shared/ucp';
import {
  ASSISTANT_PROOF,
  ASSISTANT_PROOF_OPTIONAL,
  answer,
  requestIdHeader,
  signatureHeaders,
} from '#api/lib/assistant-openapi.ts';

/** How the UCP routes read in the API description; the routes check all of it themselves (ucp.routes.ts). */

export const ucpSessionId = z.object({ id: z.string().describe('The id the shop gave the checkout session or order') });

/**
 * A refusal: the binding's `messages[]`; a negotiation refusal (the assistant's profile could not be read or shares no
 * version); or, before the protocol is reached at all (a body that is not JSON, too large, the client's request limit),
 * the shop's own error.
 */
const ucpRefusalSchema = z.union([
  ucpErrorResponseSchema,
  z.object({ code: z.string(), content: z.string(), continue_url: z.string() }),
  apiErrorSchema,
]);

const REFUSALS = {
  400: 'The request is not valid UCP: no UCP-Agent or Request-Id, or a body the checkout refuses',
  401: 'No proof of whose the call is (production), or a key or signature that does not check out',
  403: 'The profile is not one an admin approved (production)',
  404: 'No such session or order of this assistant',
  409: 'The Idempotency-Key is in use by a request still running, or was used with another request',
  422: "The assistant's profile could not be read, or shares no UCP version with the shop",
  429: "Over this assistant's or this client's request limit; `Retry-After` says when to try again",
  503: 'The request counters are out of reach: the call fails closed; `Retry-After` says when to try again',
} as const;

const refusals = (codes: readonly (keyof typeof REFUSALS)[]) =>
  Object.fromEntries(codes.map((code) => [code, answer(REFUSALS[code], ucpRefusalSchema)]));

function ucpHeaders(write: boolean) {
  return z.object({
    'ucp-agent': z
      .string()
      .describe('Who calls: `profile="<the assistant\'s UCP profile address>"` (an RFC 8941 dictionary member)'),
    'request-id': requestIdHeader,
    ...(write
      ? {
          'idempotency-key': z
            .string()
            .optional()
            .describe("Makes the write once per assistant and key: a retry answers the first call's answer"),
        }
      : {}),
    ...signatureHeaders,
  });
}

type UcpOperation = {
  summary: string;
  write: boolean;
  result: z.ZodType;
  body?: z.ZodType | undefined;
  params?: z.ZodType;
  created?: boolean;
  /** A catalog read: anyone may call it, proven or not. */
  open?: boolean;
};

/** One UCP operation's schema, for the description only (`documentedOnly`). */
export function ucpOperation({ summary, write, result, body, params, created = false, open = false }: UcpOperation) {
  return {
    tags: ['ucp'],
    summary,
    security: open ? ASSISTANT_PROOF_OPTIONAL : ASSISTANT_PROOF,
    headers: ucpHeaders(write),
    ...(params ? { params } : {}),
    ...(body ? { body } : {}),
    response: {
      [created ? 201 : 200]: answer(
        created ? 'The new session, with messages saying what it still needs' : 'The answer, with its messages',
        result,
      ),
      ...refusals(
        open ? [400, 401, 422, 429, 503] : [400, 401, 403, 404, ...(write ? [409 as const] : []), 422, 429, 503],
      ),
    },
  };
}
