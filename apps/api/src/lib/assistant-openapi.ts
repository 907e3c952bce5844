import type { FastifySchemaCompiler } from 'fastify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { z } from 'zod';

/**
 * How the assistant protocols (UCP, ACP, MCP) appear in the API description. Their handlers check every header and
 * body themselves and refuse in their protocol's own error shape, so the schemas a route declares here describe it
 * and are never run: `documentedOnly` hands the route a validator and a serializer that pass everything through.
 */

/** The security schemes an assistant authenticates with (modules/ucp/caller-proof.ts reads each). */
export const ASSISTANT_SECURITY_SCHEMES = {
  assistantKey: {
    type: 'http',
    scheme: 'bearer',
    description:
      'The API key the shop issued when an admin approved the assistant (POST /api/assistants), in `Authorization: Bearer`.',
  },
  assistantApiKey: {
    type: 'apiKey',
    in: 'header',
    name: 'X-API-Key',
    description: 'The same API key in `X-API-Key`, for UCP and MCP clients that send keys there.',
  },
  assistantSignature: {
    type: 'apiKey',
    in: 'header',
    name: 'Signature',
    description:
      'An RFC 9421 HTTP message signature (`Signature` with `Signature-Input`, and `Content-Digest` over a body) made with a key the assistant publishes in its UCP profile (`signing_keys`). UCP and MCP only.',
  },
} as const;

/** Any one of them proves whose a UCP or MCP call is. In production a call without one is 401 before any work. */
export const ASSISTANT_PROOF = [{ assistantKey: [] }, { assistantApiKey: [] }, { assistantSignature: [] }];
/** A catalog read is what the web shop shows anyone: proof is optional, and a proven caller spends its own budget. */
export const ASSISTANT_PROOF_OPTIONAL = [...ASSISTANT_PROOF, {}];
/** ACP takes the assistant's key only. */
export const ASSISTANT_KEY = [{ assistantKey: [] }];

const passThrough: FastifySchemaCompiler<unknown> = () => (value: unknown) => ({ value });
const plainJson: FastifySerializerCompiler<unknown> = () => (data) => JSON.stringify(data);

/** The route keeps its own validation and answers: its schema is for the description alone. */
export const documentedOnly = { validatorCompiler: passThrough, serializerCompiler: plainJson };

/** One JSON answer of the description, with the words a reader sees beside it. */
export const answer = (description: string, schema: z.ZodType) => ({
  description,
  content: { 'application/json': { schema } },
});

/** The request's id (a UUID), echoed back in `Request-Id`. */
export const requestIdHeader = z
  .string()
  .max(200)
  .describe("The request's id (a UUID), echoed back in the answer's `Request-Id`");

/** The headers of a signed request; the signature itself is the `assistantSignature` scheme. */
export const signatureHeaders = {
  'signature-input': z
    .string()
    .optional()
    .describe('RFC 9421 `Signature-Input` naming the covered components, `created`, `expires` and `keyid`'),
  'content-digest': z.string().optional().describe('RFC 9530 digest of the body, covered by a signature'),
};
