import { Suspense, useEffect, useState } from 'react';
import { Link, Outlet, useLocation, useNavigate } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Drawer, Dropdown, Layout, Menu, type MenuProps } from 'antd';
import {
  DownOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuOutlined,
  MenuUnfoldOutlined,
  SearchOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { logout, useCurrentUser } from '../lib/auth';
import { useLayoutSettings, useNarrowScreen } from '../lib/layoutSettings';
import { GroupTree, GroupTreeSlot } from './GroupTreeSlot';
import { preloadable } from './preloadable';
import { importOnceServerAnswers } from './lazyPage';
import { AppFooter } from '../components/AppFooter';
import { GroupFrameSourceContext } from '../components/GroupFrame';
import { groupFrameSource } from '../features/groups/groupFrameSource';
import { BRAND_NAME, PRODUCT_VERSION } from '../lib/brand';
import { petOwnerPath } from '../lib/landing';
import { navEntries } from './navEntries';
import { MaxLengthInput } from '../components/MaxLengthInput';

const { Header, Sider, Content } = Layout;

// Fetched again once the server answers if it fails (a redeploy under way): a failed import would otherwise throw to
// the route's error screen and take the whole layout with it.
const NotificationBell = preloadable(() =>
  importOnceServerAnswers(() => import('../features/notifications/NotificationBell')).then((m) => m.NotificationBell),
);

/** For the login page's warm-up: the frame's lazy parts, so that the first screen renders them without suspending. */
export function preloadFrame(): void {
  void NotificationBell.preload().catch(() => undefined);
  void GroupTree.preload().catch(() => undefined);
}

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

/** The menu's items, under their headings, keeping the entries whose label holds `filter` (any case). */
function useNavItems(filter: string): MenuProps['items'] {
  const user = useCurrentUser();
  if (!user) return [];
  const needle = filter.trim().toLowerCase();
  const items: NonNullable<MenuProps['items']> = [];
  // A heading's entries follow it, in the order navEntries gives them.
  const groups = new Map<string, NonNullable<MenuProps['items']>>();
  for (const entry of navEntries(user, petOwnerPath)) {
    if (needle && !entry.label.toLowerCase().includes(needle) && !entry.group?.toLowerCase().includes(needle)) continue;
    const item = { key: trimSlash(entry.path), label: <Link to={entry.path}>{entry.label}</Link> };
    if (!entry.group) {
      items.push(item);
      continue;
    }
    let children = groups.get(entry.group);
    if (!children) {
      children = [];
      groups.set(entry.group, children);
      items.push({ key: entry.group, label: entry.group, type: 'group', children });
    }
    children.push(item);
  }
  return items;
}

/** The universal search as a box in the header (staff): Enter opens /tools/search with the words typed. */
function HeaderSearch({ compact }: { compact: boolean }) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const [text, setText] = useState('');
  if (!user?.isAdmin) return null;
  // A phone's header has no room for the box: its button opens the search page, the box is there.
  if (compact)
    return (
      <Link to="/tools/search" aria-label="Search" className="app-header-search-link">
        <SearchOutlined aria-hidden />
      </Link>
    );
  return (
    <form
      role="search"
      className="app-header-search"
      onSubmit={(event) => {
        event.preventDefault();
        const query = text.trim();
        void navigate({ to: '/tools/search', search: query ? { query } : {} });
      }}
    >
      <MaxLengthInput
        aria-label="Search the registry"
        placeholder="Search name, sample number, email…"
        prefix={<SearchOutlined aria-hidden />}
        maxLength={200}
        allowClear
        value={text}
        onChange={setText}
      />
    </form>
  );
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

/**
 * The main menu (under its headings, with a box that filters it) and, in a panel of its own below it, the group tree:
 * in the side column on a wide screen, in the drawer on a phone. Each part scrolls by itself; the page never does.
 */
function Navigation({ selectedKey }: { selectedKey: string }) {
  const [filter, setFilter] = useState('');
  const items = useNavItems(filter);
  return (
    <div className="app-navigation">
      <nav aria-label="Main navigation" className="app-navigation__pages">
        <div className="app-navigation__filter">
          <MaxLengthInput
            size="small"
            aria-label="Find a page"
            placeholder="Find a page"
            allowClear
            maxLength={50}
            value={filter}
            onChange={setFilter}
          />
        </div>
        <Menu
          mode="inline"
          selectedKeys={[selectedKey]}
          items={items}
          aria-label="Pages"
          style={{ borderInlineEnd: 0 }}
        />
        {items?.length === 0 && <p className="app-navigation__none">No page matches “{filter.trim()}”.</p>}
      </nav>
      <GroupTreeSlot />
    </div>
  );
}

/**
 * The phone drawer opens at its top: as it opens, Chromium scrolls its body down on its own (to where the group tree
 * sits), after the drawer has taken the focus. Until the person touches, scrolls or types (or for two seconds), any
 * scroll of the body goes back to the top.
 */
function useDrawerOpensAtTop(open: boolean) {
  useEffect(() => {
    if (!open) return;
    const body = () => document.querySelector<HTMLElement>('.app-drawer .ant-drawer-body');
    let holding = true;
    const release = () => {
      holding = false;
    };
    const onScroll = (event: Event) => {
      const target = event.target as HTMLElement;
      if (holding && target === body() && target.scrollTop !== 0) target.scrollTop = 0;
    };
    const inputs = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
    document.addEventListener('scroll', onScroll, true);
    for (const input of inputs) document.addEventListener(input, release, true);
    const timer = setTimeout(release, 2000);
    body()?.scrollTo(0, 0);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('scroll', onScroll, true);
      for (const input of inputs) document.removeEventListener(input, release, true);
    };
  }, [open]);
}

export function AppLayout() {
  const [settings, updateSettings] = useLayoutSettings();
  const narrow = useNarrowScreen();
  const location = useLocation();
  const selectedKey = trimSlash(location.pathname);
  // The drawer stays open on the page it was opened on: choosing a page in it (a menu link, a group in the tree) closes it.
  const [drawerOpenedOn, setDrawerOpenedOn] = useState<string | null>(null);
  const drawerOpen = drawerOpenedOn === location.pathname;
  const setDrawerOpen = (open: boolean) => setDrawerOpenedOn(open ? location.pathname : null);
  useDrawerOpensAtTop(narrow && drawerOpen);
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
        <HeaderSearch compact={narrow} />
        <ImpersonationBar />
        <NotificationSlot />
        <UserMenu compact={narrow} />
      </Header>
      <Layout>
        {narrow ? (
          <Drawer
            id="app-drawer"
            rootClassName="app-drawer"
            title="Menu"
            placement="left"
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            size="min(320px, 85vw)"
            styles={{ body: { padding: 0 } }}
            // It opens at its top (the menu's filter and first pages), whatever was scrolled the last time.
            afterOpenChange={(open) => {
              if (open) document.querySelector('.app-drawer .ant-drawer-body')?.scrollTo(0, 0);
            }}
          >
            <Navigation selectedKey={selectedKey} />
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
            <Navigation selectedKey={selectedKey} />
          </Sider>
        )}
        <Layout style={{ minWidth: 0 }}>
          <Content className="app-content">
            <GroupFrameSourceContext value={groupFrameSource}>
              <Outlet />
            </GroupFrameSourceContext>
          </Content>
          <AppFooter />
        </Layout>
      </Layout>
    </Layout>
  );
}
