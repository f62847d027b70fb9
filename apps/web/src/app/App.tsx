import { useEffect, useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { ConfigProvider } from 'antd';
import { createQueryClient } from './queryClient';
import { createAppRouter } from './router';
import { installUpdatePrompt } from './updatePrompt';
import { UpdatePromptHost } from './UpdatePromptHost';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => createAppRouter(queryClient));
  useEffect(() => installUpdatePrompt(), []);
  return (
    <ConfigProvider theme={{ token: { colorPrimary: '#1f6f8b', borderRadius: 6 } }}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <UpdatePromptHost />
      </QueryClientProvider>
    </ConfigProvider>
  );
}
