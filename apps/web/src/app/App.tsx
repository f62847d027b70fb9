import { useEffect, useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { ConfigProvider } from 'antd';
import { createQueryClient } from './queryClient';
import { createAppRouter } from './router';
import { installUpdatePrompt } from './updatePrompt';
import { UpdatePromptHost } from './UpdatePromptHost';
import { THEME_FOR_MOTION_SETTING } from './theme';

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => createAppRouter(queryClient));
  useEffect(() => installUpdatePrompt(), []);
  return (
    <ConfigProvider theme={THEME_FOR_MOTION_SETTING}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <UpdatePromptHost />
      </QueryClientProvider>
    </ConfigProvider>
  );
}
