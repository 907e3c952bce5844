import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError, request, setApiTransport } from './api-client.ts';
import { errorMessage } from './error-message.ts';

const answer = (status: number, body: string) => () =>
  Promise.resolve(new Response(body, { status, headers: { 'Content-Type': 'application/json' } }));

const failure = (status: number, body: string) => {
  setApiTransport(answer(status, body));
  return request('/parts', { schema: z.unknown() }).then(
    () => Promise.reject(new Error('the request succeeded')),
    (error: unknown) => error,
  );
};

afterEach(() => setApiTransport((input, init) => fetch(input, init)));

describe('the API client on a refusal', () => {
  it("reads the shop's error body: its message and each field's issue", async () => {
    const error = await failure(
      400,
      JSON.stringify({ message: 'Bad input', issues: [{ path: ['price'], message: 'Too high' }] }),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      message: 'Bad input',
      issues: [{ path: ['price'], message: 'Too high' }],
    });
  });

  it('answers a generic message for a body that is not the shared error shape', async () => {
    expect(await failure(502, '<html>Bad gateway</html>')).toMatchObject({
      message: 'Request failed (502)',
      issues: [],
    });
    expect(await failure(500, JSON.stringify({ message: 42 }))).toMatchObject({ message: 'Request failed (500)' });
    const oddIssues = JSON.stringify({ message: 'Bad input', issues: [{ field: 'price' }] });
    expect(await failure(400, oddIssues)).toMatchObject({ message: 'Request failed (400)', issues: [] });
  });
});

describe('errorMessage', () => {
  it("tells a person the shop's words, or the fallback when there are none", () => {
    expect(errorMessage(new ApiError(409, 'Not enough stock'), 'Try again')).toBe('Not enough stock');
    expect(errorMessage('a thrown string', 'Try again')).toBe('Try again');
    expect(errorMessage(new Error(''), 'Try again')).toBe('Try again');
  });
});
