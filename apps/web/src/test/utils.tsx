import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { App as AntApp } from 'antd';
import { vi } from 'vitest';

export function testQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  });
}

export function renderWithProviders(ui: React.ReactElement, queryClient = testQueryClient()) {
  return {
    queryClient,
    ...render(
      <AntApp>
        <QueryClientProvider client={queryClient}>{ui}</QueryClientProvider>
      </AntApp>,
    ),
  };
}

/** Renders the element as the only route at `path`, so router hooks (search params) work. */
export function renderInRouter(element: () => React.ReactElement, initialUrl = '/', queryClient = testQueryClient()) {
  const rootRoute = createRootRoute();
  const route = createRoute({ getParentRoute: () => rootRoute, path: '/', component: element });
  const router = createRouter({
    routeTree: rootRoute.addChildren([route]),
    history: createMemoryHistory({ initialEntries: [initialUrl] }),
  });
  const utils = render(
    <AntApp>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </AntApp>,
  );
  return { router, queryClient, ...utils };
}

export interface MockCall {
  method: string;
  url: URL;
  body: unknown;
  headers: Record<string, string>;
}

type Handler = (call: MockCall) => { status?: number; body?: unknown; headers?: Record<string, string> } | undefined;

/** Replaces fetch; handlers are keyed 'METHOD /path' (path without the query string). */
export function mockFetch(handlers: Record<string, Handler | unknown>) {
  const calls: MockCall[] = [];
  const fn = vi.fn<typeof fetch>(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    let body: unknown = init?.body;
    if (typeof body === 'string') {
      try {
        body = JSON.parse(body);
      } catch {
        /* form bodies stay as text */
      }
    }
    const call: MockCall = { method, url, body, headers: (init?.headers ?? {}) as Record<string, string> };
    const handler = handlers[`${method} ${url.pathname}`];
    // Page views are sent FLUSH_AFTER_MS after the first one: a test that takes longer (a loaded machine) would see a
    // batch it never asked about. They are answered and left out of `calls` unless the test names the call.
    if (url.pathname === '/api/v1/pageviews' && handler === undefined) {
      return new Response(JSON.stringify({ recorded: 0 }), { headers: { 'content-type': 'application/json' } });
    }
    calls.push(call);
    const answer =
      typeof handler === 'function'
        ? (handler as Handler)(call)
        : handler === undefined
          ? { status: 404, body: { message: 'Not found' } }
          : { body: handler };
    const status = answer?.status ?? 200;
    return new Response(answer?.body === undefined ? '' : JSON.stringify(answer.body), {
      status,
      headers: { 'content-type': 'application/json', ...(answer?.headers ?? {}) },
    });
  });
  vi.stubGlobal('fetch', fn);
  return { calls, fn };
}

/**
 * Holds back the answer to GET `pathname` (the request is not even recorded in `calls` until released), to show what a
 * screen asks for while that answer is still on its way.
 */
export function holdAnswer(fetchMock: ReturnType<typeof mockFetch>['fn'], pathname: string): () => void {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const answer = fetchMock.getMockImplementation()!;
  fetchMock.mockImplementation(async (input, init) => {
    if (new URL(String(input), 'http://localhost').pathname === pathname) await held;
    return answer(input, init);
  });
  return release;
}
