import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { App as AntApp } from 'antd';
import { createAppRouter } from '../app/router';
import { testQueryClient } from './utils';

/** The whole app (real routes, lazy pages) at the given URL, with fetch mocked by the caller. */
export function renderApp(url: string) {
  const queryClient = testQueryClient();
  const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [url] }));
  const utils = render(
    <AntApp>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </AntApp>,
  );
  return { router, queryClient, ...utils };
}
