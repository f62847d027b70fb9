// The login page's warm-up generates antd's styles for the first screens: rendered afterwards, the signed-in frame's
// and the dashboard's components add no style of their own. The web tests share one page and module graph (isolate:
// false), where other files' login pages run this warm-up too: each case takes fresh modules (a fresh antd style cache)
// and compares the styles' texts rather than counting elements.
import { afterEach, expect, it, vi } from 'vitest';
import { render, waitFor } from '@testing-library/react';

afterEach(() => {
  vi.doUnmock('react-dom/client');
  vi.resetModules();
});

const styleTexts = () => new Set([...document.head.querySelectorAll('style')].map((s) => s.textContent));

it('renders nothing once signed in (the landing renders those components itself)', async () => {
  vi.resetModules();
  const actual = await vi.importActual<typeof import('react-dom/client')>('react-dom/client');
  const createRoot = vi.fn<typeof actual.createRoot>(actual.createRoot);
  vi.doMock('react-dom/client', () => ({ ...actual, createRoot }));
  const { warmFirstScreenStyles } = await import('./warmStyles');
  warmFirstScreenStyles(() => true);
  expect(createRoot).not.toHaveBeenCalled();
  warmFirstScreenStyles(() => false);
  expect(createRoot).toHaveBeenCalledTimes(1);
});

it('generates the styles the frame and the dashboard use, before they render', async () => {
  vi.resetModules();
  const { Card, ConfigProvider, Layout, Menu, Segmented, Table, Tree } = await import('antd');
  const { THEME_FOR_MOTION_SETTING } = await import('./theme');
  const { warmFirstScreenStyles } = await import('./warmStyles');
  for (const style of document.head.querySelectorAll('style')) style.remove();
  warmFirstScreenStyles(() => false);
  // The warm-up's styles are inserted together, when its render commits.
  await waitFor(() => expect(styleTexts().size).toBeGreaterThan(20));
  const warmed = styleTexts();
  render(
    <ConfigProvider theme={THEME_FOR_MOTION_SETTING}>
      <Layout>
        <Layout.Sider theme="light">
          <Menu
            mode="inline"
            items={[{ key: 'p', type: 'group', label: 'Pages', children: [{ key: 'x', label: 'x' }] }]}
          />
          <Tree treeData={[{ key: 'g', title: 'Registry' }]} />
        </Layout.Sider>
        <Layout.Content>
          <Segmented options={['Active', 'Inactive']} />
          <Card title="Groups" size="small">
            <Table size="small" pagination={false} columns={[{ title: 'Status', dataIndex: 's' }]} dataSource={[]} />
          </Card>
        </Layout.Content>
      </Layout>
    </ConfigProvider>,
  );
  expect([...styleTexts()].filter((text) => !warmed.has(text))).toEqual([]);
});
