import { useSyncExternalStore, type ReactElement, type ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, renderHook } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { createMemoryRouter, MemoryRouter, RouterProvider, type InitialEntry, type RouteObject } from 'react-router';
import type { User } from '@parts-shop/shared/user';
import type { AuthState } from '#web/lib/auth.tsx';
import { queryKeys } from '#web/lib/query-keys.ts';
import { MockAuthProvider, mockAuthState } from './auth-testing.tsx';

/** Who is signed in: a demo role, nobody, or a session built from these fields. */
type TestAuth = 'customer' | 'admin' | 'signed-out' | Partial<AuthState>;

interface RouteOptions {
  url?: InitialEntry;
  /** The route pattern the element is mounted at; the url's path by default. */
  path?: string;
  routes?: RouteObject[];
  auth?: TestAuth;
  queryClient?: QueryClient;
}

export const customerUser = { email: 'customer@example.com', displayName: 'Casey', photoURL: null };
const adminUser = { email: 'admin@example.com', displayName: 'Ada', photoURL: null };

function authState(auth: TestAuth = 'signed-out'): AuthState {
  if (auth === 'customer') return mockAuthState({ user: customerUser, isAdmin: false });
  if (auth === 'admin') return mockAuthState({ user: adminUser, isAdmin: true });
  return mockAuthState(auth === 'signed-out' ? {} : auth);
}

export function testQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
}

/** A client already holding this profile, as the dashboard or an earlier visit leaves it; it stays fresh. */
export function clientWithProfile(profile: User): QueryClient {
  const queryClient = testQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } });
  queryClient.setQueryData(queryKeys.users.profile(profile.email), profile);
  return queryClient;
}

const pathOf = (url: InitialEntry) => (typeof url === 'string' ? url : (url.pathname ?? '/')).split(/[?#]/)[0];

/** A value a test can swap after rendering, read by the rendered tree without remounting it. */
function swappable<T>(initial: T) {
  let value = initial;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  return {
    use: () => useSyncExternalStore(subscribe, () => value),
    set: (next: T) =>
      act(() => {
        value = next;
        listeners.forEach((listener) => listener());
      }),
  };
}

/**
 * Renders a screen (or routes) in a memory router at `url`, under a fresh QueryClient that never
 * retries and a session (signed out by default); `rerender` and `setAuth` do not remount it.
 */
export function renderRoute(ui: ReactElement | RouteObject[], options: RouteOptions = {}) {
  const { url = '/', routes = [], auth, queryClient = testQueryClient() } = options;
  const element = swappable(Array.isArray(ui) ? null : ui);
  const session = swappable(authState(auth));
  function Routed() {
    return element.use();
  }
  function Session({ children }: { children: ReactNode }) {
    return <MockAuthProvider state={session.use()}>{children}</MockAuthProvider>;
  }
  const routed = Array.isArray(ui) ? ui : [{ path: options.path ?? pathOf(url), element: <Routed /> }, ...routes];
  const router = createMemoryRouter(routed, { initialEntries: [url] });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <Session>
        <RouterProvider router={router} />
      </Session>
    </QueryClientProvider>,
  );
  return {
    ...view,
    rerender: (next: ReactElement) => element.set(next),
    setAuth: (next: TestAuth) => session.set(authState(next)),
    user: userEvent.setup(),
    queryClient,
    router,
  };
}

/** Renders a hook under the same QueryClient, router and session as `renderRoute`. */
export function renderRouteHook<Result, Props>(
  hook: (props: Props) => Result,
  options: RouteOptions & { initialProps?: Props } = {},
) {
  const { url = '/', auth, queryClient = testQueryClient(), initialProps } = options;
  const state = authState(auth);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <MockAuthProvider state={state}>
        <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
      </MockAuthProvider>
    </QueryClientProvider>
  );
  return { ...renderHook(hook, { wrapper, initialProps }), queryClient };
}
