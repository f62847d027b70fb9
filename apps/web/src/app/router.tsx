import {
  createRootRouteWithContext,
  createRoute,
  createRouter,
  redirect,
  type RouterHistory,
} from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { getToken } from './tokenStorage';
import { dropSession, featuresQuery, isUnauthorized, landingSources, userInfoQuery } from './auth';
import { loginPath, resolveFallback } from './landing';
import { RootShell } from './RootShell';
import { RouteError } from './RouteError';
import { setUnauthorizedHandler } from './api';
import { parseSearch, stringifySearch } from './searchParams';
import { lazySearch } from './routeSearch';
import { lazyPage } from './lazyPage';

export interface RouterContext {
  queryClient: QueryClient;
}

/** Redirect to a computed app path (with its own query string). */
function redirectToPath(path: string): never {
  throw redirect({ href: path, replace: true });
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootShell,
  errorComponent: RouteError,
});

// Anonymous screens. Their few search params are checked here without zod to keep the first bundle small; the signed-in
// screens' routes validate with the screens' own schemas, imported with the route (routeSearch.ts).
type Search = Record<string, unknown>;
const text = (v: unknown): string | undefined => (v === undefined || v === null || v === '' ? undefined : String(v));
const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login',
  validateSearch: (s: Search): { returnUrl?: string } => ({ returnUrl: text(s.returnUrl) }),
  component: lazyPage(() => import('../features/accounts/LoginPage'), 'LoginPage'),
});
const forgotRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/forgot',
  component: lazyPage(() => import('../features/accounts/ForgotPage'), 'ForgotPage'),
});
const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/resetpassword',
  validateSearch: (s: Search): { userName?: string; token?: string } => ({
    userName: text(s.userName),
    token: text(s.token),
  }),
  component: lazyPage(() => import('../features/accounts/ResetPasswordPage'), 'ResetPasswordPage'),
});
const confirmEmailRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/confirm-email',
  validateSearch: (s: Search): { token?: string } => ({ token: text(s.token) }),
  component: lazyPage(() => import('../features/accounts/ConfirmEmailPage'), 'ConfirmEmailPage'),
});
const tokenLoginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/token-login',
  validateSearch: (s: Search): { token?: string; returnUrl?: string; isPersistent?: boolean } => ({
    token: text(s.token),
    returnUrl: text(s.returnUrl),
    isPersistent: s.isPersistent === true || s.isPersistent === 'true' ? true : undefined,
  }),
  component: lazyPage(() => import('../features/accounts/TokenLoginPage'), 'TokenLoginPage'),
});

// The public pre-registration flow (spec 2 §2): anonymous.
const preRegCodeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/reg',
  validateSearch: (s: Search): { invalidCode?: string } => ({ invalidCode: text(s.invalidCode) }),
  component: lazyPage(() => import('../features/prereg/PreRegCodePage'), 'PreRegCodePage'),
});
const preRegSuccessRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/reg/success',
  validateSearch: (s: Search): { propertyCode?: string; orderId?: string; uid?: string; hasDogs?: boolean } => ({
    propertyCode: text(s.propertyCode),
    orderId: text(s.orderId),
    uid: text(s.uid),
    hasDogs:
      s.hasDogs === true || s.hasDogs === 'true'
        ? true
        : s.hasDogs === false || s.hasDogs === 'false'
          ? false
          : undefined,
  }),
  component: lazyPage(() => import('../features/prereg/PreRegSuccessPage'), 'PreRegSuccessPage'),
});
const preRegFormRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/reg/$propertyCode',
  component: lazyPage(() => import('../features/prereg/PreRegFormPage'), 'PreRegFormPage'),
});

// Everything else needs a live session: a token and a user-info answer (spec 1 §4).
const appRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: '_app',
  beforeLoad: async ({ context, location }) => {
    const target = location.href;
    if (!getToken()) redirectToPath(loginPath(target));
    try {
      await context.queryClient.ensureQueryData(userInfoQuery());
    } catch {
      dropSession(context.queryClient);
      redirectToPath(loginPath(target));
    }
    void context.queryClient.prefetchQuery(featuresQuery());
  },
  component: lazyPage(() => import('./AppLayout'), 'AppLayout'),
});

// Each signed-in screen's URL state, validated from the schema the screen itself parses with.
const searchOf = {
  adminSearch: lazySearch(() => import('../features/admins/admins.search').then((m) => m.adminSearchParams)),
  documents: lazySearch(() => import('../features/system/system.search').then((m) => m.documentsSearch)),
  emailLog: lazySearch(() => import('../features/system/system.search').then((m) => m.emailLogSearch)),
  auditLog: lazySearch(() => import('../features/system/system.search').then((m) => m.auditLogSearch)),
  dnaProcessing: lazySearch(() => import('../features/dna/dna.search').then((m) => m.processingSearch)),
  dnaControls: lazySearch(() => import('../features/dna/dna.search').then((m) => m.controlsSearch)),
  dnaSampleData: lazySearch(() => import('../features/dna/dna.search').then((m) => m.sampleDataSearch)),
  wasteResults: lazySearch(() =>
    import('../features/wasteresults/wasteresults.search').then((m) => m.wasteResultsSearch),
  ),
  plateFiles: lazySearch(() => import('../features/dna/dna.search').then((m) => m.platesSearch)),
  groupDashboard: lazySearch(() => import('../features/groups/groups.search').then((m) => m.dashboardSearch)),
  groupSubgroups: lazySearch(() => import('../features/groups/groups.search').then((m) => m.subgroupsSearch)),
  groupPetOwners: lazySearch(() =>
    import('../features/petowners/petowners.search').then((m) => m.groupPetOwnersSearch),
  ),
  unassignedPetOwners: lazySearch(() =>
    import('../features/petowners/petowners.search').then((m) => m.unassignedPetOwnersSearch),
  ),
  groupPets: lazySearch(() => import('../features/pets/pets.search').then((m) => m.groupPetsSearch)),
  parentage: lazySearch(() => import('../features/parentage/parentage.search').then((m) => m.parentageSearch)),
  duplicateReport: lazySearch(() =>
    import('../features/duplicatedogs/duplicatedogs.search').then((m) => m.duplicateReportSearch),
  ),
  noMatchClusters: lazySearch(() =>
    import('../features/nomatchclusters/nomatchclusters.search').then((m) => m.noMatchClustersSearch),
  ),
  noMatchReport: lazySearch(() =>
    import('../features/nomatchclusters/nomatchclusters.search').then((m) => m.noMatchReportSearch),
  ),
  similarProfiles: lazySearch(() =>
    import('../features/duplicatedogs/duplicatedogs.search').then((m) => m.similarSearch),
  ),
  orphans: lazySearch(() => import('../features/pets/pets.search').then((m) => m.orphansSearch)),
  products: lazySearch(() => import('../features/shop/shop.search').then((m) => m.productsSearch)),
  promotionCodes: lazySearch(() => import('../features/shop/shop.search').then((m) => m.promotionCodesSearch)),
  providerCodes: lazySearch(() => import('../features/shop/shop.search').then((m) => m.providerCodesSearch)),
  ordersList: lazySearch(() => import('../features/shop/shop.search').then((m) => m.ordersSearch)),
  myOrders: lazySearch(() => import('../features/shop/shop.search').then((m) => m.myOrdersSearch)),
  fulfillment: lazySearch(() => import('../features/ancestry/ancestry.search').then((m) => m.fulfillmentSearch)),
  groupResidents: lazySearch(() => import('../features/residents/residents.search').then((m) => m.residentsSearch)),
  groupPreregistration: lazySearch(() =>
    import('../features/residents/residents.search').then((m) => m.preregistrationSearch),
  ),
  universalSearch: lazySearch(() => import('../features/search/search.search').then((m) => m.universalSearchParams)),
  duplicateDogsReport: lazySearch(() =>
    import('../features/reports/profilereports.search').then((m) => m.duplicateDogsSearch),
  ),
  genderMismatchReport: lazySearch(() =>
    import('../features/reports/profilereports.search').then((m) => m.genderMismatchSearch),
  ),
  tdAudit: lazySearch(() => import('../features/reports/reports.search').then((m) => m.tdAuditSearch)),
  inventoryReport: lazySearch(() => import('../features/reports/reports.search').then((m) => m.inventorySearch)),
  residentRegistrations: lazySearch(() =>
    import('../features/reports/reports.search').then((m) => m.residentRegistrationsSearch),
  ),
  propertyExports: lazySearch(() => import('../features/reports/reports.search').then((m) => m.propertyExportsSearch)),
  detailReport: lazySearch(() => import('../features/reports/reports.search').then((m) => m.detailReportSearch)),
  emailExports: lazySearch(() => import('../features/reports/reports.search').then((m) => m.emailExportsSearch)),
  productByPlate: lazySearch(() => import('../features/reports/reports.search').then((m) => m.productByPlateSearch)),
  tdReport: lazySearch(() => import('../features/reports/reports.search').then((m) => m.tdReportSearch)),
  noMatchToMatch: lazySearch(() => import('../features/reports/reports.search').then((m) => m.noMatchToMatchSearch)),
  groupMoveOuts: lazySearch(() => import('../features/residents/residents.search').then((m) => m.moveOutsSearch)),
  groupResults: lazySearch(() =>
    import('../features/wasteresults/wasteresults.search').then((m) => m.groupResultsSearch),
  ),
  groupFlaggedSamples: lazySearch(() =>
    import('../features/flaggedsamples/flaggedsamples.search').then((m) => m.flaggedSamplesSearch),
  ),
  notifications: lazySearch(() =>
    import('../features/notifications/notifications.search').then((m) => m.notificationsSearch),
  ),
};

const manageRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/account/manage',
  component: lazyPage(() => import('../features/accounts/ManageAccountPage'), 'ManageAccountPage'),
});
const chooseGroupRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/choose-group',
  component: lazyPage(() => import('../features/accounts/ChooseGroupPage'), 'ChooseGroupPage'),
});
const adminSearchRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/admin',
  ...searchOf.adminSearch,
  component: lazyPage(() => import('../features/admins/AdminSearchPage'), 'AdminSearchPage'),
});
const adminRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/admin/$adminId',
  component: lazyPage(() => import('../features/admins/AdminPage'), 'AdminPage'),
});
const adminDetailsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/admin/details/$adminId',
  component: lazyPage(() => import('../features/admins/AdminPage'), 'AdminPage'),
});
const documentsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/system/documents',
  ...searchOf.documents,
  component: lazyPage(() => import('../features/system/DocumentsPage'), 'DocumentsPage'),
});
const emailLogRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/system/emaillog',
  ...searchOf.emailLog,
  component: lazyPage(() => import('../features/system/EmailLogPage'), 'EmailLogPage'),
});
const emailTemplatesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/system/emailtemplates',
  component: lazyPage(() => import('../features/emailtemplates/EmailTemplatesPage'), 'EmailTemplatesPage'),
});
const auditLogRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/system/audit-log',
  ...searchOf.auditLog,
  component: lazyPage(() => import('../features/system/AuditLogPage'), 'AuditLogPage'),
});
const dnaProcessingRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/dna/processing',
  ...searchOf.dnaProcessing,
  component: lazyPage(() => import('../features/dna/DnaProcessingPage'), 'DnaProcessingPage'),
});
const wasteResultsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/dna/wasteresults',
  ...searchOf.wasteResults,
  component: lazyPage(() => import('../features/wasteresults/WasteResultsPage'), 'WasteResultsPage'),
});
const noMatchRerunsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/dna/nomatchreruns',
  ...searchOf.wasteResults,
  component: lazyPage(() => import('../features/wasteresults/WasteResultsPage'), 'NoMatchRerunsPage'),
});
const resultSetRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/wasteresultset/{-$id}',
  component: lazyPage(() => import('../features/wasteresults/ResultSetPage'), 'ResultSetPage'),
});
const dnaControlsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/dna/controls',
  ...searchOf.dnaControls,
  component: lazyPage(() => import('../features/dna/ControlsPage'), 'ControlsPage'),
});
const dnaSampleDataRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/dna/sample-data',
  ...searchOf.dnaSampleData,
  component: lazyPage(() => import('../features/dna/SampleDataPage'), 'SampleDataPage'),
});
const plateFilesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/tools/platefiles',
  ...searchOf.plateFiles,
  component: lazyPage(() => import('../features/dna/PlateFilesPage'), 'PlateFilesPage'),
});
const universalSearchRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/tools/search',
  ...searchOf.universalSearch,
  component: lazyPage(() => import('../features/search/UniversalSearchPage'), 'UniversalSearchPage'),
});
const tdAuditRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/reports/tdaudit',
  ...searchOf.tdAudit,
  component: lazyPage(() => import('../features/reports/TdAuditReportPage'), 'TdAuditReportPage'),
});
const duplicateDogsReportRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/reports/duplicate-dog',
  ...searchOf.duplicateDogsReport,
  component: lazyPage(() => import('../features/reports/DuplicateDogsReportPage'), 'DuplicateDogsReportPage'),
});
const genderMismatchReportRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/reports/gendermismatch',
  ...searchOf.genderMismatchReport,
  component: lazyPage(() => import('../features/reports/GenderMismatchReportPage'), 'GenderMismatchReportPage'),
});
const inventoryReportRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/reports/inventory',
  ...searchOf.inventoryReport,
  component: lazyPage(() => import('../features/reports/InventoryReportPage'), 'InventoryReportPage'),
});
const residentRegistrationsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/reports/resident-registrations-request',
  ...searchOf.residentRegistrations,
  component: lazyPage(() => import('../features/reports/ResidentRegistrationsPage'), 'ResidentRegistrationsPage'),
});
const propertyExportsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/reports/propertyexports',
  ...searchOf.propertyExports,
  component: lazyPage(() => import('../features/reports/PropertyExportsPage'), 'PropertyExportsPage'),
});
const detailReportRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/reports/pooprintsdetail',
  ...searchOf.detailReport,
  component: lazyPage(() => import('../features/reports/DetailReportPages'), 'DetailReportRequestPage'),
});
const detailReportResultRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/reports/pooprintsdetailresult',
  ...searchOf.detailReport,
  component: lazyPage(() => import('../features/reports/DetailReportPages'), 'DetailReportResultPage'),
});
const emailExportsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/reports/emailexports',
  ...searchOf.emailExports,
  component: lazyPage(() => import('../features/reports/EmailExportsPage'), 'EmailExportsPage'),
});
const productByPlateRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/reports/productbyplate',
  ...searchOf.productByPlate,
  component: lazyPage(() => import('../features/reports/ProductByPlatePage'), 'ProductByPlatePage'),
});
const tdReportRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/reports/pooprintstd',
  ...searchOf.tdReport,
  component: lazyPage(() => import('../features/reports/TdReportPage'), 'TdReportPage'),
});
const noMatchToMatchRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/reports/pooprintsnomatchtomatch',
  ...searchOf.noMatchToMatch,
  component: lazyPage(() => import('../features/reports/NoMatchToMatchPage'), 'NoMatchToMatchPage'),
});
const petOwnerRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/petowner/$petOwnerId/{-$sampleNumber}',
  component: lazyPage(() => import('../features/petowners/PetOwnerPage'), 'PetOwnerPage'),
});
const groupDashboardRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/group/$id/dashboard',
  ...searchOf.groupDashboard,
  component: lazyPage(() => import('../features/groups/GroupDashboardPage'), 'GroupDashboardPage'),
});
const groupDetailsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/group/$id',
  component: lazyPage(() => import('../features/groups/GroupDetailsPage'), 'GroupDetailsPage'),
});
const groupAdminsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/group/$id/admins',
  component: lazyPage(() => import('../features/groups/GroupAdminsPage'), 'GroupAdminsPage'),
});
const groupSubgroupsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/group/$id/subgroups',
  ...searchOf.groupSubgroups,
  component: lazyPage(() => import('../features/groups/GroupSubgroupsPage'), 'GroupSubgroupsPage'),
});
const groupPetOwnersRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/group/$id/petowners',
  ...searchOf.groupPetOwners,
  component: lazyPage(() => import('../features/petowners/GroupPetOwnersPage'), 'GroupPetOwnersPage'),
});
const unassignedPetOwnersRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/tools/unassignedpetowners',
  ...searchOf.unassignedPetOwners,
  component: lazyPage(() => import('../features/petowners/UnassignedPetOwnersPage'), 'UnassignedPetOwnersPage'),
});
const scanWasteBarcodeRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/tools/scanwastebarcode',
  component: lazyPage(() => import('../features/wastesamples/ScanWasteBarcodePage'), 'ScanWasteBarcodePage'),
});
const enterWasteSampleRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/tools/enterwastesample',
  component: lazyPage(() => import('../features/wastesamples/EnterWasteSamplePage'), 'EnterWasteSamplePage'),
});
const groupPetsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/group/$id/pets',
  ...searchOf.groupPets,
  component: lazyPage(() => import('../features/pets/GroupPetsPage'), 'GroupPetsPage'),
});
const parentageRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/parentage',
  ...searchOf.parentage,
  component: lazyPage(() => import('../features/parentage/ParentagePage'), 'ParentagePage'),
});
const groupParentageRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/group/$id/parentage',
  ...searchOf.parentage,
  component: lazyPage(() => import('../features/parentage/ParentagePage'), 'GroupParentagePage'),
});
const parentageTestRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/tools/parentage/test',
  component: lazyPage(() => import('../features/parentage/ParentageToolsPage'), 'ParentageTestPage'),
});
const parentageLookupRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/tools/parentage/lookup',
  component: lazyPage(() => import('../features/parentage/ParentageToolsPage'), 'ParentageLookupPage'),
});
const duplicateReportRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/lab-tools/duplicate-dog-report',
  ...searchOf.duplicateReport,
  component: lazyPage(() => import('../features/duplicatedogs/DuplicateDogReportPage'), 'DuplicateDogReportPage'),
});
const noMatchClustersRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/lab-tools/no-match-clusters',
  ...searchOf.noMatchClusters,
  component: lazyPage(() => import('../features/nomatchclusters/NoMatchClustersPage'), 'NoMatchClustersPage'),
});
const noMatchReportRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/reports/no-match-clusters',
  ...searchOf.noMatchReport,
  component: lazyPage(() => import('../features/nomatchclusters/NoMatchClusterReportPage'), 'NoMatchClusterReportPage'),
});
const similarProfilesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/tools/similardnaprofiles',
  ...searchOf.similarProfiles,
  component: lazyPage(() => import('../features/duplicatedogs/SimilarProfilesPage'), 'SimilarProfilesPage'),
});
const bulkUploadRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/tools/bulkupload',
  component: lazyPage(() => import('../features/bulkimport/BulkUploadPage'), 'BulkUploadPage'),
});
const orphansRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/tools/orphans',
  ...searchOf.orphans,
  component: lazyPage(() => import('../features/pets/OrphansPage'), 'OrphansPage'),
});
const petBarcodeScannerRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/tools/petbarcodescanner',
  component: lazyPage(() => import('../features/pets/PetBarcodeScannerPage'), 'PetBarcodeScannerPage'),
});
const groupResidentsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/group/$id/residents',
  ...searchOf.groupResidents,
  component: lazyPage(() => import('../features/residents/ResidentsPage'), 'ResidentsPage'),
});
const groupPreregistrationRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/group/$id/preregistration',
  ...searchOf.groupPreregistration,
  component: lazyPage(() => import('../features/residents/PreregistrationPage'), 'PreregistrationPage'),
});
const groupMoveOutsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/group/$id/moveouts',
  ...searchOf.groupMoveOuts,
  component: lazyPage(() => import('../features/residents/MoveOutsPage'), 'MoveOutsPage'),
});
const groupFlaggedSamplesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/group/$id/flaggedsamples',
  ...searchOf.groupFlaggedSamples,
  component: lazyPage(() => import('../features/flaggedsamples/FlaggedSamplesPage'), 'FlaggedSamplesPage'),
});
const groupResultsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/group/$id/results',
  ...searchOf.groupResults,
  component: lazyPage(() => import('../features/wasteresults/GroupResultsPage'), 'GroupResultsPage'),
});
const notificationsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/notifications',
  ...searchOf.notifications,
  component: lazyPage(() => import('../features/notifications/NotificationsPage'), 'NotificationsPage'),
});
const residentDetailsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/resident/$residentId',
  component: lazyPage(() => import('../features/residents/ResidentDetailsPage'), 'ResidentDetailsPage'),
});
const shopOffersRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/shop/offers',
  validateSearch: (s: Search): { propertyCode?: string } => ({ propertyCode: text(s.propertyCode) }),
  component: lazyPage(() => import('../features/shop/ShopOffersPage'), 'ShopOffersPage'),
});
const shopSummaryRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/shop/summary',
  validateSearch: (s: Search): { propertyCode?: string; orderId?: string } => ({
    propertyCode: text(s.propertyCode),
    orderId: text(s.orderId),
  }),
  component: lazyPage(() => import('../features/shop/ShopSummaryPage'), 'ShopSummaryPage'),
});
const productsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/ecommerce/products',
  ...searchOf.products,
  component: lazyPage(() => import('../features/shop/ProductsPage'), 'ProductsPage'),
});
const promotionCodesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/ecommerce/promotion-codes',
  ...searchOf.promotionCodes,
  component: lazyPage(() => import('../features/shop/PromotionCodesPage'), 'PromotionCodesPage'),
});
const shopSettingsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/ecommerce/settings',
  component: lazyPage(() => import('../features/shop/ShopSettingsPage'), 'ShopSettingsPage'),
});
const ordersListRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/tools/orders-list',
  ...searchOf.ordersList,
  component: lazyPage(() => import('../features/shop/OrdersListPage'), 'OrdersListPage'),
});
const myOrdersRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/shop/orders',
  ...searchOf.myOrders,
  component: lazyPage(() => import('../features/shop/MyOrdersPage'), 'MyOrdersPage'),
});
const myOrderRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/shop/orders/$orderId',
  component: lazyPage(() => import('../features/shop/MyOrderPage'), 'MyOrderPage'),
});
const providerCodesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/tools/pet-owner-assigned-promotion-codes',
  ...searchOf.providerCodes,
  component: lazyPage(() => import('../features/shop/ProviderCodesPage'), 'ProviderCodesPage'),
});
const fulfillmentRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/lab-tools/ancestry-fulfillment',
  ...searchOf.fulfillment,
  component: lazyPage(() => import('../features/ancestry/AncestryFulfillmentPage'), 'AncestryFulfillmentPage'),
});
const lifePlansRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/lifeplans',
  component: lazyPage(() => import('../features/ancestry/LifePlansPage'), 'LifePlansPage'),
});
const residentLandingRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/reg/overview',
  component: lazyPage(() => import('../features/prereg/ResidentLandingPage'), 'ResidentLandingPage'),
});

/** Unknown URLs and '/' follow the fallback steps of spec 1 §2. */
async function fallbackBeforeLoad({
  context,
  location,
}: {
  context: RouterContext;
  location: { href: string };
}): Promise<never> {
  let user = null;
  if (getToken()) {
    try {
      user = await context.queryClient.ensureQueryData(userInfoQuery());
    } catch {
      dropSession(context.queryClient);
    }
  }
  const to = await resolveFallback(location.href, user, landingSources(context.queryClient), isUnauthorized);
  if (to.startsWith('/login')) dropSession(context.queryClient);
  redirectToPath(to);
}
const indexRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', beforeLoad: fallbackBeforeLoad });
const unknownRoute = createRoute({ getParentRoute: () => rootRoute, path: '$', beforeLoad: fallbackBeforeLoad });

const routeTree = rootRoute.addChildren([
  loginRoute,
  forgotRoute,
  resetPasswordRoute,
  tokenLoginRoute,
  confirmEmailRoute,
  appRoute.addChildren([
    manageRoute,
    chooseGroupRoute,
    adminSearchRoute,
    adminRoute,
    adminDetailsRoute,
    documentsRoute,
    emailLogRoute,
    emailTemplatesRoute,
    auditLogRoute,
    dnaProcessingRoute,
    dnaControlsRoute,
    dnaSampleDataRoute,
    wasteResultsRoute,
    noMatchRerunsRoute,
    resultSetRoute,
    plateFilesRoute,
    universalSearchRoute,
    tdAuditRoute,
    inventoryReportRoute,
    duplicateDogsReportRoute,
    genderMismatchReportRoute,
    residentRegistrationsRoute,
    propertyExportsRoute,
    detailReportRoute,
    detailReportResultRoute,
    emailExportsRoute,
    productByPlateRoute,
    tdReportRoute,
    noMatchToMatchRoute,
    petOwnerRoute,
    groupDashboardRoute,
    groupDetailsRoute,
    groupAdminsRoute,
    groupSubgroupsRoute,
    groupPetOwnersRoute,
    unassignedPetOwnersRoute,
    groupPetsRoute,
    orphansRoute,
    parentageRoute,
    groupParentageRoute,
    parentageTestRoute,
    parentageLookupRoute,
    duplicateReportRoute,
    noMatchClustersRoute,
    noMatchReportRoute,
    similarProfilesRoute,
    bulkUploadRoute,
    petBarcodeScannerRoute,
    residentLandingRoute,
    shopOffersRoute,
    shopSummaryRoute,
    productsRoute,
    promotionCodesRoute,
    shopSettingsRoute,
    ordersListRoute,
    myOrdersRoute,
    myOrderRoute,
    providerCodesRoute,
    fulfillmentRoute,
    lifePlansRoute,
    groupResidentsRoute,
    groupPreregistrationRoute,
    groupMoveOutsRoute,
    groupFlaggedSamplesRoute,
    groupResultsRoute,
    notificationsRoute,
    residentDetailsRoute,
    scanWasteBarcodeRoute,
    enterWasteSampleRoute,
  ]),
  preRegCodeRoute,
  preRegSuccessRoute,
  preRegFormRoute,
  indexRoute,
  unknownRoute,
]);

/** Every page route's path, for the check that builtPages.ts lists exactly the pages that exist. */
export const pageRoutePaths = (): string[] =>
  (appRoute.children as { options: { path: string } }[])
    .map((r) => r.options.path)
    .concat(
      [
        loginRoute,
        forgotRoute,
        resetPasswordRoute,
        tokenLoginRoute,
        preRegCodeRoute,
        preRegSuccessRoute,
        preRegFormRoute,
      ].map((r) => (r.options as { path: string }).path),
    );

export function createAppRouter(queryClient: QueryClient, history?: RouterHistory) {
  const router = createRouter({
    routeTree,
    history,
    parseSearch,
    stringifySearch,
    context: { queryClient },
    defaultPreload: 'intent',
    defaultPendingMs: 300,
  });
  setUnauthorizedHandler(() => {
    const target = router.state.location.href;
    if (target.startsWith('/login')) return;
    dropSession(queryClient);
    void router.navigate({ href: loginPath(target), replace: true });
  });
  return router;
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
