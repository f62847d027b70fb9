// Signed-in routes: The reports and exports.
// Each page is loaded on demand; its URL state is validated by the schema the page itself parses with (searchOf).
import { createRoute } from '@tanstack/react-router';
import { lazyPage } from '../lazyPage';
import { appRoute } from './base';
import { searchOf } from './searchOf';

const tdAuditRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/reports/tdaudit',
  ...searchOf.tdAudit,
  component: lazyPage(() => import('../../features/reports/TdAuditReportPage'), 'TdAuditReportPage'),
});
const duplicateDogsReportRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/reports/duplicate-dog',
  ...searchOf.duplicateDogsReport,
  component: lazyPage(() => import('../../features/reports/DuplicateDogsReportPage'), 'DuplicateDogsReportPage'),
});
const genderMismatchReportRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/reports/gendermismatch',
  ...searchOf.genderMismatchReport,
  component: lazyPage(() => import('../../features/reports/GenderMismatchReportPage'), 'GenderMismatchReportPage'),
});
const inventoryReportRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/reports/inventory',
  ...searchOf.inventoryReport,
  component: lazyPage(() => import('../../features/reports/InventoryReportPage'), 'InventoryReportPage'),
});
const residentRegistrationsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/reports/resident-registrations-request',
  ...searchOf.residentRegistrations,
  component: lazyPage(() => import('../../features/reports/ResidentRegistrationsPage'), 'ResidentRegistrationsPage'),
});
const propertyExportsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/reports/propertyexports',
  ...searchOf.propertyExports,
  component: lazyPage(() => import('../../features/reports/PropertyExportsPage'), 'PropertyExportsPage'),
});
const detailReportRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/reports/pooprintsdetail',
  ...searchOf.detailReport,
  component: lazyPage(() => import('../../features/reports/DetailReportPages'), 'DetailReportRequestPage'),
});
const detailReportResultRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/reports/pooprintsdetailresult',
  ...searchOf.detailReport,
  component: lazyPage(() => import('../../features/reports/DetailReportPages'), 'DetailReportResultPage'),
});
const emailExportsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/reports/emailexports',
  ...searchOf.emailExports,
  component: lazyPage(() => import('../../features/reports/EmailExportsPage'), 'EmailExportsPage'),
});
const productByPlateRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/reports/productbyplate',
  ...searchOf.productByPlate,
  component: lazyPage(() => import('../../features/reports/ProductByPlatePage'), 'ProductByPlatePage'),
});
const tdReportRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/reports/pooprintstd',
  ...searchOf.tdReport,
  component: lazyPage(() => import('../../features/reports/TdReportPage'), 'TdReportPage'),
});
const noMatchToMatchRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/reports/pooprintsnomatchtomatch',
  ...searchOf.noMatchToMatch,
  component: lazyPage(() => import('../../features/reports/NoMatchToMatchPage'), 'NoMatchToMatchPage'),
});
const programAnalyticsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/reports/program-analytics',
  ...searchOf.programAnalytics,
  component: lazyPage(() => import('../../features/analytics/ProgramAnalyticsPage'), 'ProgramAnalyticsPage'),
});
const labAnalyticsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/lab-tools/lab-analytics',
  ...searchOf.labAnalytics,
  component: lazyPage(() => import('../../features/analytics/LabAnalyticsPage'), 'LabAnalyticsPage'),
});
const noMatchReportRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/reports/no-match-clusters',
  ...searchOf.noMatchReport,
  component: lazyPage(
    () => import('../../features/nomatchclusters/NoMatchClusterReportPage'),
    'NoMatchClusterReportPage',
  ),
});

export const reportsRoutes = [
  tdAuditRoute,
  duplicateDogsReportRoute,
  genderMismatchReportRoute,
  inventoryReportRoute,
  residentRegistrationsRoute,
  propertyExportsRoute,
  detailReportRoute,
  detailReportResultRoute,
  emailExportsRoute,
  productByPlateRoute,
  tdReportRoute,
  noMatchToMatchRoute,
  noMatchReportRoute,
  programAnalyticsRoute,
  labAnalyticsRoute,
] as const;
