// The login page's warm-up generates antd's styles for the first screens: rendered afterwards, the signed-in frame's
// and the dashboard's components add no style of their own.
import { expect, it } from 'vitest';
import { render, waitFor } from '@testing-library/react';
import { Card, ConfigProvider, Layout, Menu, Segmented, Table, Tree } from 'antd';
import { THEME_FOR_MOTION_SETTING } from './theme';
import { warmFirstScreenStyles } from './warmStyles';

const styleCount = () => document.head.querySelectorAll('style').length;

// First: the module warms once, so this case must run before the one that warms.
it('leaves the styles to the landing once signed in', async () => {
  const before = styleCount();
  warmFirstScreenStyles(() => true);
  // The warm-up's render would have committed by then (it does within the next test's first wait).
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(styleCount()).toBe(before);
});

it('generates the styles the frame and the dashboard use, before they render', async () => {
  const before = styleCount();
  warmFirstScreenStyles(() => false);
  // The warm-up's styles are inserted together, when its render commits.
  await waitFor(() => expect(styleCount()).toBeGreaterThan(before + 20));
  const warmed = styleCount();
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
  expect(styleCount()).toBe(warmed);
});
