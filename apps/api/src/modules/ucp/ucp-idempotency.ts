import { createHash } from 'node:crypto';
import type { Db } from '../../db/client.ts';
import { claimKey, releaseKey, storeAnswer } from './checkout-sessions.repo.ts';
import type { Answer } from './checkout-sessions.service.ts';
import { errorResponse } from './checkout-view.ts';
import type { UcpAgent } from './ucp-agent.ts';

/** The binding's key: a UUID, or any short token of safe characters. */
const IDEMPOTENCY_KEY = /^[\w.:-]{1,255}$/;

/**
 * Runs a write once per assistant and Idempotency-Key, over REST and MCP alike: the same key
 * with the same request answers the stored answer (status and body), with another request 409,
 * and while the first is still running 409 too. A write that failed outright gives the key
 * back, so its retry runs afresh. `request` is what the key stands for (operation and body).
 */
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
  const hash = createHash('sha256').update(request).digest('hex');
  const claim = await claimKey(db, agent.profile, key, hash);
  if (claim === 'other-request') {
    const body = errorResponse('idempotency_conflict', 'This Idempotency-Key was used for another request');
    return { answer: { statusCode: 409, body }, replayed: false };
  }
  if (claim === 'running') {
    const body = errorResponse('request_in_progress', 'A request with this Idempotency-Key is still running');
    return { answer: { statusCode: 409, body }, replayed: false };
  }
  // Stored from this same operation's answer.
  if (claim !== 'claimed') return { answer: claim as Answer, replayed: true };
  try {
    const answer = await run();
    await storeAnswer(db, agent.profile, key, answer);
    return { answer, replayed: false };
  } catch (error) {
    await releaseKey(db, agent.profile, key);
    throw error;
  }
}
