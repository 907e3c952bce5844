import { z } from 'zod';
import { ACP_VERSION, acpCheckoutSessionSchema, acpErrorSchema } from '@parts-shop/shared/acp';
import { ASSISTANT_KEY, answer, requestIdHeader } from '#api/lib/assistant-openapi.ts';

/** How the ACP routes read in the API description; the routes check all of it themselves (acp.routes.ts). */

const REFUSALS = {
  400: 'Not a valid ACP request: no or another API-Version, no Idempotency-Key on a POST, or a body the checkout refuses',
  401: "No `Authorization: Bearer` key, or one that is no approved assistant's (production)",
  404: 'No such checkout session of this assistant',
  405: 'The session is already completed or canceled',
  409: 'A request with this Idempotency-Key is still running; `Retry-After` says when to try again',
  413: 'The body is larger than the API takes',
  415: 'The body is not JSON',
  422: 'The Idempotency-Key was used with a different body',
  429: "Over this assistant's or this client's request limit; `Retry-After` says when to try again",
  503: 'The request counters are out of reach: the call fails closed; `Retry-After` says when to try again',
} as const;

function headers(write: boolean) {
  return z.object({
    'api-version': z.literal(ACP_VERSION).describe('The ACP version the request speaks'),
    'request-id': requestIdHeader.optional(),
    ...(write
      ? {
          'idempotency-key': z
            .string()
            .max(255)
            .describe("Required on every POST: a retry with the same body answers the first call's answer"),
        }
      : {}),
  });
}

/** One ACP operation's schema, for the description only (`documentedOnly`). */
export function acpOperation({
  summary,
  write,
  body,
  created,
  session,
}: {
  summary: string;
  write: boolean;
  body?: z.ZodType | undefined;
  created: boolean;
  /** The operation names a session in its path. */
  session: boolean;
}) {
  const codes = (
    session ? [400, 401, 404, 405, 409, 413, 415, 422, 429, 503] : [400, 401, 409, 413, 415, 422, 429, 503]
  ).filter((code) => write || ![405, 409, 413, 415, 422].includes(code)) as (keyof typeof REFUSALS)[];
  return {
    tags: ['acp'],
    summary,
    security: ASSISTANT_KEY,
    headers: headers(write),
    ...(session ? { params: z.object({ id: z.string().describe('The id the shop gave the checkout session') }) } : {}),
    ...(body ? { body } : {}),
    response: {
      [created ? 201 : 200]: answer(
        'The checkout session as it now stands, with its messages',
        acpCheckoutSessionSchema,
      ),
      ...Object.fromEntries(codes.map((code) => [code, answer(REFUSALS[code], acpErrorSchema)])),
    },
  };
}
