// antd generates each component's CSS the first time the component renders (CSS-in-JS), then keeps it while any
// instance stays mounted. On the first screen after sign-in that generation was about a quarter of the browser's work
// between the landing being known and the page drawn (docs/performance.md, "First screen after sign-in"). The login page
// does it beforehand, while the user types (or the browser waits for the sign-in's answers): it renders the signed-in
// screens' components once, off the page, and keeps them mounted so that their styles stay generated.
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import {
  App as AntApp,
  Badge,
  Breadcrumb,
  Button,
  Card,
  Col,
  ConfigProvider,
  Descriptions,
  Dropdown,
  Empty,
  Layout,
  Menu,
  Modal,
  Pagination,
  Popover,
  Row,
  Segmented,
  Select,
  Skeleton,
  Space,
  Spin,
  Table,
  Tabs,
  Tag,
  Tooltip,
  Tree,
  Typography,
} from 'antd';
import { MaxLengthInput } from '../components/MaxLengthInput';
import { THEME_FOR_MOTION_SETTING } from './theme';

/**
 * The components of the signed-in frame and of the landing pages (a group's dashboard, a pet owner's page): those whose
 * styles the first screen generated after sign-in, as listed by the styles the page gained in a run of the first-screen
 * test.
 */
function FirstScreens() {
  return (
    <AntApp>
      <Layout>
        <Layout.Header>
          <Button type="text">menu</Button>
          <MaxLengthInput prefix="?" allowClear aria-label="warm" maxLength={200} />
          <Popover content="p">
            <Badge count={1}>
              <Button>bell</Button>
            </Badge>
          </Popover>
          <Dropdown menu={{ items: [{ key: 'a', label: 'a' }] }}>
            <Tooltip title="t">
              <Button>user</Button>
            </Tooltip>
          </Dropdown>
        </Layout.Header>
        <Layout>
          <Layout.Sider theme="light">
            <MaxLengthInput size="small" allowClear aria-label="warm" maxLength={50} />
            <Menu
              mode="inline"
              items={[{ key: 'g', type: 'group', label: 'g', children: [{ key: 'a', label: 'a' }] }]}
            />
            <Typography.Text strong>groups</Typography.Text>
            <Tree treeData={[{ key: 't', title: 't' }]} blockNode />
          </Layout.Sider>
          <Layout.Content>
            <Breadcrumb items={[{ title: 'a' }, { title: 'b' }]} />
            <Typography.Title>title</Typography.Title>
            <Space wrap>
              <Tag>tag</Tag>
            </Space>
            <Menu mode="horizontal" disabledOverflow selectedKeys={['a']} items={[{ key: 'a', label: 'a' }]} />
            <Segmented options={['a', 'b']} />
            <Typography.Paragraph type="secondary">text</Typography.Paragraph>
            <Row gutter={[16, 16]}>
              <Col xs={24} lg={12}>
                <Card title="card" extra="1" size="small">
                  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
                  <Table size="small" pagination={false} columns={[{ title: 'c', dataIndex: 'c' }]} dataSource={[]} />
                </Card>
              </Col>
              <Col xs={24} xl={8}>
                <Card loading />
                <Skeleton active />
                <Spin />
              </Col>
            </Row>
            <Descriptions items={[{ key: 'd', label: 'd', children: 'd' }]} />
            <Tabs items={[{ key: 'a', label: 'a', children: 'a' }]} />
            <Tag color="blue">tag</Tag>
            <Select options={[{ value: 1, label: 'a' }]} aria-label="warm" />
            <Pagination total={20} />
            <Modal open={false} />
          </Layout.Content>
        </Layout>
      </Layout>
    </AntApp>
  );
}

let warmed = false;

/**
 * Renders the components once, off the page (never attached to the document), at the lowest priority. `signedIn` is
 * asked rather than the token imported: this chunk importing the token's module split that module off the entry chunk.
 */
export function warmFirstScreenStyles(signedIn: () => boolean): void {
  // Signed in already (the user clicked before the warm-up's code arrived): the landing is rendering these very
  // components now, and a second render beside it would only compete with it for the main thread.
  if (warmed || signedIn()) return;
  warmed = true;
  const root = createRoot(document.createElement('div'));
  // A transition: typing, the click on Sign in and the landing's own render go first.
  startTransition(() =>
    root.render(
      <ConfigProvider theme={THEME_FOR_MOTION_SETTING}>
        <FirstScreens />
      </ConfigProvider>,
    ),
  );
}
