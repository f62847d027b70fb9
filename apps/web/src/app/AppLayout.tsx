import { lazy, Suspense, useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Drawer, Dropdown, Layout, Menu, type MenuProps } from 'antd';
import {
  DownOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuOutlined,
  MenuUnfoldOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { logout, useCurrentUser } from './auth';
import { useLayoutSettings, useNarrowScreen } from './layoutSettings';
import { GroupTreeSlot } from './GroupTreeSlot';
import { importOnceServerAnswers } from './lazyPage';
import { AppFooter } from './AppFooter';
import { BRAND_NAME, PRODUCT_VERSION } from './brand';
import { petOwnerPath } from './landing';
import { UserRole } from '@registry/contracts/enums';

const { Header, Sider, Content } = Layout;

// Fetched again once the server answers if it fails (a redeploy under way): a failed import would otherwise throw to
// the route's error screen and take the whole layout with it.
const NotificationBell = lazy(() =>
  importOnceServerAnswers(() => import('../features/notifications/NotificationBell')).then((m) => ({
    default: m.NotificationBell,
  })),
);

/** The bell with the unread count and the recent notifications, for anyone signed in (loaded after the shell). */
function NotificationSlot() {
  const user = useCurrentUser();
  if (!user) return null;
  return (
    <Suspense fallback={null}>
      <NotificationBell />
    </Suspense>
  );
}

const trimSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

function useNavItems(): MenuProps['items'] {
  const user = useCurrentUser();
  if (!user) return [];
  const items: NonNullable<MenuProps['items']> = [];
  if (user.isPetOwner && user.petOwnerId != null)
    items.push({
      key: trimSlash(petOwnerPath(user.petOwnerId)),
      label: (
        <Link to="/petowner/$petOwnerId/{-$sampleNumber}" params={{ petOwnerId: String(user.petOwnerId) }}>
          My pets
        </Link>
      ),
    });
  if (user.isAdmin) items.push({ key: '/admin', label: <Link to="/admin">Admins</Link> });
  // Provider staff read the lab's screens (rights 'dna.view'); the rights table stays out of the entry chunk.
  if (user.isBioPetAdmin) {
    items.push({
      key: 'dna',
      label: 'DNA lab',
      type: 'group',
      children: [
        { key: '/dna/processing', label: <Link to="/dna/processing">DNA processing</Link> },
        { key: '/dna/controls', label: <Link to="/dna/controls">Controls</Link> },
        { key: '/dna/sample-data', label: <Link to="/dna/sample-data">Sample data</Link> },
        { key: '/dna/wasteresults', label: <Link to="/dna/wasteresults">Waste results</Link> },
        { key: '/dna/nomatchreruns', label: <Link to="/dna/nomatchreruns">No-match reruns</Link> },
        { key: '/tools/platefiles', label: <Link to="/tools/platefiles">Plate files</Link> },
        {
          key: '/lab-tools/ancestry-fulfillment',
          label: <Link to="/lab-tools/ancestry-fulfillment">Ancestry fulfillment</Link>,
        },
        {
          key: '/lab-tools/duplicate-dog-report',
          label: <Link to="/lab-tools/duplicate-dog-report">Duplicate dog report</Link>,
        },
        {
          key: '/lab-tools/no-match-clusters',
          label: <Link to="/lab-tools/no-match-clusters">No-match clusters</Link>,
        },
        { key: '/tools/similardnaprofiles', label: <Link to="/tools/similardnaprofiles">Similar DNA profiles</Link> },
      ],
    });
    items.push({
      key: 'shop',
      label: 'Shop',
      type: 'group',
      children: [
        { key: '/tools/orders-list', label: <Link to="/tools/orders-list">Orders</Link> },
        { key: '/ecommerce/products', label: <Link to="/ecommerce/products">Products</Link> },
        { key: '/ecommerce/promotion-codes', label: <Link to="/ecommerce/promotion-codes">Promotion codes</Link> },
        {
          key: '/tools/pet-owner-assigned-promotion-codes',
          label: <Link to="/tools/pet-owner-assigned-promotion-codes">Pet owner codes</Link>,
        },
        { key: '/ecommerce/settings', label: <Link to="/ecommerce/settings">Shop settings</Link> },
      ],
    });
  }
  if (user.isAdmin) {
    const tools = [
      { key: '/tools/search', label: <Link to="/tools/search">Search</Link> },
      { key: '/tools/petbarcodescanner', label: <Link to="/tools/petbarcodescanner">Pet barcode scanner</Link> },
    ];
    // Waste sample entry: the lab scans and receives; every other admin enters samples of their properties.
    tools.push(
      user.isBioPetAdmin
        ? { key: '/tools/scanwastebarcode', label: <Link to="/tools/scanwastebarcode">Scan waste barcode</Link> }
        : { key: '/tools/enterwastesample', label: <Link to="/tools/enterwastesample">Enter waste sample</Link> },
    );
    // Parentage (rights 'parentage.view' / 'parentage.run'): the provider's staff and parentage managers.
    if (user.isBioPetAdmin || user.roleId === UserRole.ParentageManager)
      tools.push(
        { key: '/parentage', label: <Link to="/parentage">Parentage</Link> },
        { key: '/tools/parentage/test', label: <Link to="/tools/parentage/test">Parentage test</Link> },
        { key: '/tools/parentage/lookup', label: <Link to="/tools/parentage/lookup">Parentage lookup</Link> },
      );
    // Orphans have no group: only the provider's staff reach them.
    if (user.isBioPetAdmin)
      tools.push({ key: '/tools/orphans', label: <Link to="/tools/orphans">Orphaned pets</Link> });
    // The rights table's petOwner.view: every admin but property maintenance (checked here without loading the table).
    if (user.roleId !== UserRole.PropertyMaintenance)
      tools.push({
        key: '/tools/unassignedpetowners',
        label: <Link to="/tools/unassignedpetowners">Unassigned pet owners</Link>,
      });
    // The rights table's tools.bulkUpload: the admins who manage groups (not property maintenance).
    if (user.roleId !== UserRole.PropertyMaintenance)
      tools.push({ key: '/tools/bulkupload', label: <Link to="/tools/bulkupload">Bulk resident import</Link> });
    items.push({ key: 'tools', label: 'Tools', type: 'group', children: tools });
    // The rights table's report.view: every admin but property maintenance.
    if (user.roleId !== UserRole.PropertyMaintenance)
      items.push({
        key: 'reports',
        label: 'Reports',
        type: 'group',
        children: [
          { key: '/reports/propertyexports', label: <Link to="/reports/propertyexports">Property exports</Link> },
          {
            key: '/reports/resident-registrations-request',
            label: <Link to="/reports/resident-registrations-request">Resident registrations</Link>,
          },
          { key: '/reports/inventory', label: <Link to="/reports/inventory">Inventory</Link> },
          { key: '/reports/tdaudit', label: <Link to="/reports/tdaudit">TD audit</Link> },
          {
            key: '/reports/pooprintsdetail',
            label: <Link to="/reports/pooprintsdetail">PooPrints detail</Link>,
          },
          { key: '/reports/pooprintstd', label: <Link to="/reports/pooprintstd">TD report</Link> },
          {
            key: '/reports/pooprintsnomatchtomatch',
            label: <Link to="/reports/pooprintsnomatchtomatch">No match to match</Link>,
          },
          // The rights table's report.emailExport, dna.view and noMatchCluster.view: the provider's staff.
          ...(user.isBioPetAdmin
            ? [
                { key: '/reports/emailexports', label: <Link to="/reports/emailexports">Email exports</Link> },
                { key: '/reports/productbyplate', label: <Link to="/reports/productbyplate">Product by plate</Link> },
                {
                  key: '/reports/no-match-clusters',
                  label: <Link to="/reports/no-match-clusters">No-match clusters</Link>,
                },
              ]
            : []),
          { key: '/reports/duplicate-dog', label: <Link to="/reports/duplicate-dog">Duplicate dogs</Link> },
          { key: '/reports/gendermismatch', label: <Link to="/reports/gendermismatch">Gender mismatch</Link> },
        ],
      });
  }
  if (user.isBioPetAdmin) {
    items.push({
      key: 'system',
      label: 'System',
      type: 'group',
      children: [
        { key: '/system/documents', label: <Link to="/system/documents">Documents</Link> },
        { key: '/system/emaillog', label: <Link to="/system/emaillog">Email log</Link> },
        { key: '/system/emailtemplates', label: <Link to="/system/emailtemplates">Email templates</Link> },
        { key: '/system/audit-log', label: <Link to="/system/audit-log">Audit log</Link> },
      ],
    });
  }
  if (!user.isAdmin) {
    items.push({ key: '/shop/offers', label: <Link to="/shop/offers">Dog DNA products</Link> });
    items.push({ key: '/shop/orders', label: <Link to="/shop/orders">My orders</Link> });
    items.push({ key: '/lifeplans', label: <Link to="/lifeplans">Life plans</Link> });
  }
  items.push({ key: '/account/manage', label: <Link to="/account/manage">My account</Link> });
  return items;
}

/**
 * While signed in as another user: whose account is in use, and a way back to one's own without a password (logout
 * of the borrowed session hands back the original one).
 */
function ImpersonationBar() {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  if (!user?.impersonatedBy) return null;
  const onReturn = async () => {
    setBusy(true);
    await logout(queryClient);
    setBusy(false);
    void navigate({ to: '/login', search: {} });
  };
  return (
    <div className="app-impersonation" role="status">
      <span>
        Using the account of <strong>{user.fullName || user.userName}</strong> (signed in by {user.impersonatedBy})
      </span>
      <Button size="small" loading={busy} onClick={() => void onReturn()}>
        Return to my account
      </Button>
    </div>
  );
}

function UserMenu({ compact }: { compact: boolean }) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  // The accessible name keeps the visible name in it (WCAG label-in-name).
  const displayName = user?.fullName || user?.userName || '';
  const onLogout = async () => {
    setBusy(true);
    await logout(queryClient);
    setBusy(false);
    void navigate({ to: '/login', search: {} });
  };
  const items: MenuProps['items'] = [
    {
      key: 'manage',
      icon: <UserOutlined />,
      label: 'Manage account',
      onClick: () => void navigate({ to: '/account/manage' }),
    },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: 'Log out', onClick: () => void onLogout() },
  ];
  return (
    <Dropdown menu={{ items }} trigger={['click']}>
      <Button
        type="text"
        style={{ color: 'inherit' }}
        loading={busy}
        aria-haspopup="menu"
        aria-label={`User menu, ${displayName}`}
      >
        <UserOutlined /> {!compact && displayName} <DownOutlined />
      </Button>
    </Dropdown>
  );
}

/** The main menu and the group tree: in the side column on a wide screen, in the drawer on a phone. */
function Navigation({ items, selectedKey }: { items: MenuProps['items']; selectedKey: string }) {
  return (
    <>
      <nav aria-label="Main navigation">
        <Menu
          mode="inline"
          selectedKeys={[selectedKey]}
          items={items}
          aria-label="Pages"
          style={{ borderInlineEnd: 0 }}
        />
      </nav>
      <GroupTreeSlot />
    </>
  );
}

export function AppLayout() {
  const [settings, updateSettings] = useLayoutSettings();
  const narrow = useNarrowScreen();
  const location = useLocation();
  const navItems = useNavItems();
  const selectedKey = trimSlash(location.pathname);
  // The drawer stays open on the page it was opened on: choosing a page in it (a menu link, a group in the tree) closes it.
  const [drawerOpenedOn, setDrawerOpenedOn] = useState<string | null>(null);
  const drawerOpen = drawerOpenedOn === location.pathname;
  const setDrawerOpen = (open: boolean) => setDrawerOpenedOn(open ? location.pathname : null);
  return (
    <Layout style={{ minHeight: '100vh' }} className={narrow ? 'app-layout app-layout--narrow' : 'app-layout'}>
      <Header className="app-header">
        {narrow ? (
          <Button
            type="text"
            aria-label="Open menu"
            aria-expanded={drawerOpen}
            aria-controls="app-drawer"
            icon={<MenuOutlined />}
            onClick={() => setDrawerOpen(true)}
            style={{ color: 'inherit' }}
          />
        ) : (
          <Button
            type="text"
            aria-label={settings.siderCollapsed ? 'Expand side menu' : 'Collapse side menu'}
            aria-expanded={!settings.siderCollapsed}
            icon={settings.siderCollapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            onClick={() => updateSettings({ siderCollapsed: !settings.siderCollapsed })}
            style={{ color: 'inherit' }}
          />
        )}
        <Link to="/" className="app-brand">
          {BRAND_NAME} <span className="app-version">{PRODUCT_VERSION}</span>
        </Link>
        <div style={{ flex: 1 }} />
        <ImpersonationBar />
        <NotificationSlot />
        <UserMenu compact={narrow} />
      </Header>
      <Layout>
        {narrow ? (
          <Drawer
            id="app-drawer"
            title="Menu"
            placement="left"
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            size="min(320px, 85vw)"
            styles={{ body: { padding: 0 } }}
          >
            <Navigation items={navItems} selectedKey={selectedKey} />
          </Drawer>
        ) : (
          <Sider
            width={260}
            collapsedWidth={0}
            collapsed={settings.siderCollapsed}
            trigger={null}
            theme="light"
            className="app-sider"
          >
            <Navigation items={navItems} selectedKey={selectedKey} />
          </Sider>
        )}
        <Layout style={{ minWidth: 0 }}>
          <Content className="app-content">
            <Outlet />
          </Content>
          <AppFooter />
        </Layout>
      </Layout>
    </Layout>
  );
}
