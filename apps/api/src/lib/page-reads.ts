import type { FastifyInstance } from 'fastify';

/** A page's API reads, each sent once via `app.inject`, so head and body never show two states. */
export type PageReads = (apiPath: string) => Promise<Response>;

type Answer = { status: number; headers: [string, string][]; body: Buffer };

/** `cookie`: the visitor's read-your-writes pin, so a page drawn for someone just after their write reads what they wrote (primary-pin.ts). */
export function pageReads(app: FastifyInstance, cookie?: string): PageReads {
  const answers = new Map<string, Promise<Answer>>();
  return async (apiPath) => {
    let answer = answers.get(apiPath);
    if (!answer) {
      answer = app
        .inject({ method: 'GET', url: apiPath, headers: { accept: 'application/json', ...(cookie ? { cookie } : {}) } })
        .then((response) => ({
          status: response.statusCode,
          headers: Object.entries(response.headers).flatMap(([name, value]) =>
            value === undefined ? [] : [[name, String(value)] as [string, string]],
          ),
          body: response.rawPayload,
        }));
      answers.set(apiPath, answer);
    }
    const { status, headers, body } = await answer;
    // A new Response each time: a body can be read only once.
    return new Response(new Uint8Array(body), { status, headers });
  };
}
