import { useEffect, useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { ConfigProvider } from 'antd';
import { createQueryClient } from './queryClient';
import { createAppRouter } from './router';
import { installUpdatePrompt } from './updatePrompt';
import { UpdatePromptHost } from './UpdatePromptHost';

// antd's grey texts (secondary, tertiary, placeholder), its default link blue, its error red, its warning text (the
// max-length warning) and the menu's selected item fall short of WCAG AA contrast (4.5:1): darker greys, red and amber,
// the brand colour for links.
const THEME = {
  token: {
    colorPrimary: '#1f6f8b',
    colorLink: '#1f6f8b',
    borderRadius: 6,
    colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.62)',
    colorTextDescription: 'rgba(0, 0, 0, 0.62)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.6)',
    colorError: '#cf1322',
    colorWarningText: '#946200',
  },
  components: { Menu: { itemSelectedBg: '#e3eff3', itemSelectedColor: '#14495c' } },
};

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => createAppRouter(queryClient));
  useEffect(() => installUpdatePrompt(), []);
  return (
    <ConfigProvider theme={THEME}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
        <UpdatePromptHost />
      </QueryClientProvider>
    </ConfigProvider>
  );
}
