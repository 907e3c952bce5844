import type { FastifyRequest } from 'fastify';
import { validatorCompiler, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emailField } from '@parts-shop/shared/fields';
import {
  adminCheckSchema,
  deliveryProfileSchema,
  modifiedSchema,
  profileSchema,
  roleChangeSchema,
  tokenRequestSchema,
  tokenResponseSchema,
  userSchema,
  userSummarySchema,
  usersQuerySchema,
} from '@parts-shop/shared/user';
import { pageQuerySchema } from '@parts-shop/shared/paging';
import { bearerToken, callerOf } from '#api/lib/auth.ts';
import type { Deps } from '#api/deps.ts';
import { authLimit, writeLimit } from '#api/deps.ts';
import { HttpError, unauthorized, errorAnswers } from '#api/lib/http-error.ts';
import { decodeCursor, decodeEmailCursor, encodeCursor, pageOf, pageOfBy } from '#api/lib/paging.ts';
import { IdentityUnavailableError, type Identity } from '#api/lib/identity.ts';
import {
  adminCheck,
  editDelivery,
  editProfile,
  exchangeIdToken,
  getUser,
  makeAdmin,
  pageOfRoleChanges,
  pageOfUsers,
  removeAdmin,
  signOut,
  signOutEverywhere,
} from './users.service.ts';
import { apiMessages } from '@parts-shop/shared/api-messages';
import { customerSummarySchema } from '@parts-shop/shared/customer';
import { customerSummary } from './customer-summary.service.ts';

/** Emails in paths are lowercased by the shared field, so any casing names the same user. */
const emailParams = z.object({ email: emailField });

const putUserBody = z.union([tokenRequestSchema, profileSchema]);

/** A body of exactly `{email}` asks for a token (docs/product.md#sign-in-and-tokens); any other body is a profile. */
function isTokenRequest(body: unknown): boolean {
  return (
    typeof body === 'object' &&
    body !== null &&
    !Array.isArray(body) &&
    Object.keys(body).length === 1 &&
    Object.hasOwn(body, 'email')
  );
}

// The route picks the schema by shape: a plain union would answer "Invalid input" instead of the form's own messages.
const putUserRoute = { method: 'PUT', url: '/users/:email' };
const validateEmailParams = validatorCompiler({ schema: emailParams, ...putUserRoute });
const validateTokenRequest = validatorCompiler({ schema: tokenRequestSchema, ...putUserRoute });
const validateProfile = validatorCompiler({ schema: profileSchema, ...putUserRoute });

/** A call to the identity provider; its outage is a 503 with `message`, never a 500. */
async function withIdentityProvider<T>(request: FastifyRequest, message: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof IdentityUnavailableError)) throw error;
    request.log.error({ err: error }, 'identity provider unavailable');
    throw new HttpError(503, message);
  }
}

async function verifiedIdentity(deps: Deps, request: FastifyRequest): Promise<Identity | null> {
  const idToken = bearerToken(request);
  if (!idToken) throw unauthorized(apiMessages.signIn);
  return withIdentityProvider(request, apiMessages.signInUnavailable, () => deps.identity.verifyIdToken(idToken));
}

export const usersRoutes: FastifyPluginAsyncZod<{ deps: Deps }> = async (app, { deps }) => {
  const { db, guards, config } = deps;

  app.put(
    '/users/:email',
    {
      config: authLimit(config),
      // Checked before the body, so a stranger hears 401, not form messages. The exchange verifies its ID token in
      // the handler.
      preValidation: async (request, reply) => {
        if (!isTokenRequest(request.body)) await guards.signedIn(request, reply);
      },
      validatorCompiler: ({ httpPart }) => {
        if (httpPart === 'params') return validateEmailParams;
        if (httpPart === 'body')
          return (data) => (isTokenRequest(data) ? validateTokenRequest(data) : validateProfile(data));
        throw new Error(`PUT /users/:email has no validator for ${String(httpPart)}`);
      },
      schema: {
        tags: ['users'],
        summary: 'Sign-in token exchange, or profile update',
        description:
          'With body `{email}` and a Firebase ID token as the bearer: verifies the ID token, which must be for ' +
          '`email`, creates or refreshes the user and answers the API access token `{token}`. ' +
          "With a profile body and the API access token as the bearer: updates that user's own profile.",
        security: [{ bearer: [] }],
        params: emailParams,
        body: putUserBody,
        response: { 200: z.union([tokenResponseSchema, userSchema]), ...errorAnswers(400, 401, 403, 404, 429, 503) },
      },
    },
    async (request) => {
      const { email } = request.params;
      const { body } = request;
      if ('phone' in body) return editProfile(db, callerOf(request), email, body);
      const identity = await verifiedIdentity(deps, request);
      const account = identity
        ? await withIdentityProvider(request, apiMessages.signInUnavailable, () =>
            deps.identity.accountStatus(identity.uid),
          )
        : null;
      return exchangeIdToken(deps, request.log, identity, account, email, body.email);
    },
  );

  app.patch(
    '/users/:email/delivery',
    {
      preValidation: guards.signedIn,
      config: writeLimit(config),
      schema: {
        tags: ['users'],
        summary: "Save an order's phone and address to the caller's own profile",
        description:
          "Save to my profile on the order forms: sets the profile's phone and address with My Profile's rules " +
          'and leaves its other fields as they are.',
        security: [{ bearer: [] }],
        params: emailParams,
        body: deliveryProfileSchema,
        response: { 200: userSchema, ...errorAnswers(400, 401, 403, 404, 429) },
      },
    },
    async (request) => editDelivery(db, callerOf(request), request.params.email, request.body),
  );

  app.post(
    '/users/me/sign-out',
    {
      preValidation: guards.signedIn,
      config: writeLimit(config),
      schema: {
        tags: ['users'],
        summary: 'Logout: end this API access token',
        description:
          'The access token sent with this call answers 401 from now on; the caller stays signed in ' +
          'on other devices (sign-out-everywhere ends those). The Firebase sign-in is ended by the ' +
          'browser itself.',
        security: [{ bearer: [] }],
        response: { 204: z.null(), ...errorAnswers(401, 429) },
      },
    },
    async (request, reply) => {
      await signOut(db, callerOf(request));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/users/me/sign-out-everywhere',
    {
      preValidation: guards.signedIn,
      config: writeLimit(config),
      schema: {
        tags: ['users'],
        summary: "Sign out everywhere: end every one of the caller's sessions",
        description:
          'Every API access token the caller holds answers 401 from now on, this one included, and every ' +
          'Firebase session of theirs ends, so no device can exchange its way back in without signing in again.',
        security: [{ bearer: [] }],
        response: { 204: z.null(), ...errorAnswers(401, 429, 503) },
      },
    },
    async (request, reply) => {
      await withIdentityProvider(
        request,
        'Your sessions in the shop are ended, but the sign-in provider could not be reached. Please try again.',
        () => signOutEverywhere(deps, callerOf(request)),
      );
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/users/:email',
    {
      preValidation: guards.signedIn,
      schema: {
        tags: ['users'],
        summary: "One user's profile (that user, or an admin)",
        security: [{ bearer: [] }],
        params: emailParams,
        response: { 200: userSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request) => getUser(db, callerOf(request), request.params.email),
  );

  app.get(
    '/users/:email/summary',
    {
      preValidation: guards.admin,
      schema: {
        tags: ['users'],
        summary: "The customer page: a user's profile, orders, money spent, refunds, returns and messages (admin)",
        description:
          'paid is every payment of theirs, refunded what was refunded of it, spent the difference (dollars); ' +
          'the lists are the newest 100 of each, newest first.',
        security: [{ bearer: [] }],
        params: emailParams,
        response: { 200: customerSummarySchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request) => customerSummary(db, request.params.email),
  );

  app.get(
    '/users',
    {
      preValidation: guards.admin,
      schema: {
        tags: ['users'],
        summary: 'Users by email, paged with limit and cursor, optionally searched by email or name (admin)',
        security: [{ bearer: [] }],
        querystring: usersQuerySchema,
        response: { 200: z.array(userSummarySchema), ...errorAnswers(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { limit, cursor, q } = request.query;
      const rows = await pageOfUsers(db, { limit, q, after: decodeEmailCursor(cursor) });
      return pageOfBy(rows, limit, request, reply, (user) => encodeCursor(user.email));
    },
  );

  app.get(
    '/role-changes',
    {
      preValidation: guards.admin,
      schema: {
        tags: ['users'],
        summary: 'Who made whom admin or removed it, and when; newest first, paged (admin)',
        security: [{ bearer: [] }],
        querystring: pageQuerySchema,
        response: { 200: z.array(roleChangeSchema), ...errorAnswers(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { limit, cursor } = request.query;
      return pageOf(await pageOfRoleChanges(db, limit, decodeCursor(cursor)), limit, request, reply);
    },
  );

  app.put(
    '/users/admin/:email',
    {
      preValidation: guards.admin,
      config: writeLimit(config),
      schema: {
        tags: ['users'],
        summary: 'Make a user an admin (admin); recorded with who did it',
        description: 'Only a user whose email address is verified can be made an admin (409 otherwise).',
        security: [{ bearer: [] }],
        params: emailParams,
        response: { 200: modifiedSchema, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request) => makeAdmin(db, callerOf(request), request.params.email),
  );

  app.delete(
    '/users/admin/:email',
    {
      preValidation: guards.admin,
      config: writeLimit(config),
      schema: {
        tags: ['users'],
        summary: "Remove another user's admin role (admin); never one's own, never the last admin's",
        security: [{ bearer: [] }],
        params: emailParams,
        response: { 200: modifiedSchema, ...errorAnswers(400, 401, 403, 404, 409) },
      },
    },
    async (request) => removeAdmin(db, callerOf(request), request.params.email),
  );

  app.get(
    '/admin/:email',
    {
      preValidation: guards.signedIn,
      schema: {
        tags: ['users'],
        summary: 'Whether a user is an admin (that user, or an admin)',
        security: [{ bearer: [] }],
        params: emailParams,
        response: { 200: adminCheckSchema, ...errorAnswers(400, 401, 403, 404) },
      },
    },
    async (request) => adminCheck(db, callerOf(request), request.params.email),
  );
};
