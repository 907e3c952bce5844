import { createHash } from 'node:crypto';
import type { Db } from '#api/db/client.ts';
import { claimKey, releaseKey, storeAnswer, type StoredAnswer } from './checkout-sessions.repo.ts';
import type { Answer } from './checkout-sessions.service.ts';
import { errorResponse } from './checkout-view.ts';
import type { UcpAgent } from './ucp-agent.ts';

/** The binding's key: a UUID, or any short token of safe characters. */
const IDEMPOTENCY_KEY = /^[\w.:-]{1,255}$/;

/** What a keyed write came to: its answer (run now or stored), or why it did not run. */
export type Once<A extends StoredAnswer> =
  { kind: 'ran' | 'replayed'; answer: A } | { kind: 'other-request' } | { kind: 'running' };

/** Same key and request: the stored answer; else no run. An outright failure frees the key. */
export async function runOnce<A extends StoredAnswer>(
  db: Db,
  scope: string,
  key: string,
  request: string,
  run: () => Promise<A>,
): Promise<Once<A>> {
  const hash = createHash('sha256').update(request).digest('hex');
  const claim = await claimKey(db, scope, key, hash);
  if (claim === 'other-request' || claim === 'running') return { kind: claim };
  // Stored from this same operation's answer.
  if (claim !== 'claimed') return { kind: 'replayed', answer: claim as A };
  try {
    const answer = await run();
    await storeAnswer(db, scope, key, answer);
    return { kind: 'ran', answer };
  } catch (error) {
    await releaseKey(db, scope, key);
    throw error;
  }
}

/** Per assistant and Idempotency-Key, over REST and MCP alike; a mismatch or a running first request is a 409. */
export async function answerOnce(
  db: Db,
  agent: UcpAgent,
  key: string,
  request: string,
  run: () => Promise<Answer>,
): Promise<{ answer: Answer; replayed: boolean }> {
  if (!IDEMPOTENCY_KEY.test(key)) {
    const body = errorResponse('invalid_request', 'Idempotency-Key is a UUID or up to 255 letters, digits and ._:-');
    return { answer: { statusCode: 400, body }, replayed: false };
  }
  const once = await runOnce(db, agent.profile, key, request, run);
  if (once.kind === 'other-request') {
    const body = errorResponse('idempotency_conflict', 'This Idempotency-Key was used for another request');
    return { answer: { statusCode: 409, body }, replayed: false };
  }
  if (once.kind === 'running') {
    const body = errorResponse('request_in_progress', 'A request with this Idempotency-Key is still running');
    return { answer: { statusCode: 409, body }, replayed: false };
  }
  return { answer: once.answer, replayed: once.kind === 'replayed' };
}
