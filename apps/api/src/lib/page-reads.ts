import type { FastifyInstance } from 'fastify';

/**
 * One server-drawn page's API reads (a path under the API base, with its query): each is sent
 * once, in-process through `app.inject` (the same routes, validation and read cache as a
 * browser's request, with no socket), and asked again it answers the same bytes. The page's
 * head and its body are drawn from these answers, so they never show two states of a part.
 */
export type PageReads = (apiPath: string) => Promise<Response>;

type Answer = { status: number; headers: [string, string][]; body: Buffer };

export function pageReads(app: FastifyInstance): PageReads {
  const answers = new Map<string, Promise<Answer>>();
  return async (apiPath) => {
    let answer = answers.get(apiPath);
    if (!answer) {
      answer = app
        .inject({ method: 'GET', url: apiPath, headers: { accept: 'application/json' } })
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
