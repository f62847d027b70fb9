// Signed-in routes: Accounts, admins and the system screens.
// Each page is loaded on demand; its URL state is validated by the schema the page itself parses with (searchOf).
import { createRoute } from '@tanstack/react-router';
import { lazyPage } from '../lazyPage';
import { appRoute } from './base';
import { searchOf } from './searchOf';

const manageRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/account/manage',
  component: lazyPage(() => import('../../features/accounts/ManageAccountPage'), 'ManageAccountPage'),
});
const chooseGroupRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/choose-group',
  component: lazyPage(() => import('../../features/accounts/ChooseGroupPage'), 'ChooseGroupPage'),
});
const adminSearchRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/admin',
  ...searchOf.adminSearch,
  component: lazyPage(() => import('../../features/admins/AdminSearchPage'), 'AdminSearchPage'),
});
const adminRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/admin/$adminId',
  component: lazyPage(() => import('../../features/admins/AdminPage'), 'AdminPage'),
});
const adminDetailsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/admin/details/$adminId',
  component: lazyPage(() => import('../../features/admins/AdminPage'), 'AdminPage'),
});
const documentsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/system/documents',
  ...searchOf.documents,
  component: lazyPage(() => import('../../features/system/DocumentsPage'), 'DocumentsPage'),
});
const labSettingsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/system/lab-settings',
  component: lazyPage(() => import('../../features/certificates/LabSettingsPage'), 'LabSettingsPage'),
});
const emailLogRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/system/emaillog',
  ...searchOf.emailLog,
  component: lazyPage(() => import('../../features/system/EmailLogPage'), 'EmailLogPage'),
});
const emailTemplatesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/system/emailtemplates',
  component: lazyPage(() => import('../../features/emailtemplates/EmailTemplatesPage'), 'EmailTemplatesPage'),
});
const auditLogRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/system/audit-log',
  ...searchOf.auditLog,
  component: lazyPage(() => import('../../features/system/AuditLogPage'), 'AuditLogPage'),
});
const pageViewsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/system/page-views',
  ...searchOf.pageViews,
  component: lazyPage(() => import('../../features/system/PageViewsPage'), 'PageViewsPage'),
});
const universalSearchRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/tools/search',
  ...searchOf.universalSearch,
  component: lazyPage(() => import('../../features/search/UniversalSearchPage'), 'UniversalSearchPage'),
});
const notificationsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/notifications',
  ...searchOf.notifications,
  component: lazyPage(() => import('../../features/notifications/NotificationsPage'), 'NotificationsPage'),
});

export const accountRoutes = [
  manageRoute,
  chooseGroupRoute,
  adminSearchRoute,
  adminRoute,
  adminDetailsRoute,
  documentsRoute,
  labSettingsRoute,
  emailLogRoute,
  emailTemplatesRoute,
  auditLogRoute,
  pageViewsRoute,
  universalSearchRoute,
  notificationsRoute,
] as const;
