import { vi, type Mock } from 'vitest';

// The one way web tests stand in for the API: a mock of `fetch`, answered call by call
// (`fetchMock.mockResolvedValueOnce(json(...))`) or by route (`answerApi`).

/** An API answer: JSON with its status, and headers such as a `Link` to the next page. */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

export function urlOf(input: Parameters<typeof fetch>[0]): string {
  return input instanceof Request ? input.url : String(input);
}

/** The fetch the app calls in a test: the same mock for a whole test file, reset by `stubApi`. */
export const fetchMock = vi.fn<typeof fetch>();

export function stubApi(): Mock<typeof fetch> {
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

type Route = (init: RequestInit | undefined) => Response | Promise<Response>;

/** Answers by "METHOD /path?query" (GET if left out); any other request is a 500 naming it. */
export function answerApi(routes: Record<string, Route>): Mock<typeof fetch> {
  const fetchMock = stubApi();
  fetchMock.mockImplementation(async (input, init) => {
    const key = `${init?.method ?? 'GET'} ${urlOf(input)}`;
    const route = routes[key] ?? (init?.method ? undefined : routes[urlOf(input)]);
    return route ? route(init) : json({ message: `unexpected ${key}` }, 500);
  });
  return fetchMock;
}
