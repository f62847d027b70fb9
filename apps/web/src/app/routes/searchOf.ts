// Each signed-in screen's URL state, validated from the schema the screen itself parses with.
import { lazySearch } from '../routeSearch';

export const searchOf = {
  adminSearch: lazySearch(() => import('../../features/admins/admins.search').then((m) => m.adminSearchParams)),
  documents: lazySearch(() => import('../../features/system/system.search').then((m) => m.documentsSearch)),
  emailLog: lazySearch(() => import('../../features/system/system.search').then((m) => m.emailLogSearch)),
  pageViews: lazySearch(() => import('../../features/system/system.search').then((m) => m.pageViewsSearch)),
  auditLog: lazySearch(() => import('../../features/system/system.search').then((m) => m.auditLogSearch)),
  dnaProcessing: lazySearch(() => import('../../features/dna/dna.search').then((m) => m.processingSearch)),
  dnaControls: lazySearch(() => import('../../features/dna/dna.search').then((m) => m.controlsSearch)),
  dnaSampleData: lazySearch(() => import('../../features/dna/dna.search').then((m) => m.sampleDataSearch)),
  wasteResults: lazySearch(() =>
    import('../../features/wasteresults/wasteresults.search').then((m) => m.wasteResultsSearch),
  ),
  plateFiles: lazySearch(() => import('../../features/dna/dna.search').then((m) => m.platesSearch)),
  groupDashboard: lazySearch(() => import('../../features/groups/groups.search').then((m) => m.dashboardSearch)),
  groupSubgroups: lazySearch(() => import('../../features/groups/groups.search').then((m) => m.subgroupsSearch)),
  groupPetOwners: lazySearch(() =>
    import('../../features/petowners/petowners.search').then((m) => m.groupPetOwnersSearch),
  ),
  unassignedPetOwners: lazySearch(() =>
    import('../../features/petowners/petowners.search').then((m) => m.unassignedPetOwnersSearch),
  ),
  groupPets: lazySearch(() => import('../../features/pets/pets.search').then((m) => m.groupPetsSearch)),
  parentage: lazySearch(() => import('../../features/parentage/parentage.search').then((m) => m.parentageSearch)),
  duplicateReport: lazySearch(() =>
    import('../../features/duplicatedogs/duplicatedogs.search').then((m) => m.duplicateReportSearch),
  ),
  noMatchClusters: lazySearch(() =>
    import('../../features/nomatchclusters/nomatchclusters.search').then((m) => m.noMatchClustersSearch),
  ),
  noMatchReport: lazySearch(() =>
    import('../../features/nomatchclusters/nomatchclusters.search').then((m) => m.noMatchReportSearch),
  ),
  similarProfiles: lazySearch(() =>
    import('../../features/duplicatedogs/duplicatedogs.search').then((m) => m.similarSearch),
  ),
  orphans: lazySearch(() => import('../../features/pets/pets.search').then((m) => m.orphansSearch)),
  products: lazySearch(() => import('../../features/shop/shop.search').then((m) => m.productsSearch)),
  promotionCodes: lazySearch(() => import('../../features/shop/shop.search').then((m) => m.promotionCodesSearch)),
  providerCodes: lazySearch(() => import('../../features/shop/shop.search').then((m) => m.providerCodesSearch)),
  ordersList: lazySearch(() => import('../../features/shop/shop.search').then((m) => m.ordersSearch)),
  myOrders: lazySearch(() => import('../../features/shop/shop.search').then((m) => m.myOrdersSearch)),
  fulfillment: lazySearch(() => import('../../features/ancestry/ancestry.search').then((m) => m.fulfillmentSearch)),
  groupResidents: lazySearch(() => import('../../features/residents/residents.search').then((m) => m.residentsSearch)),
  groupPreregistration: lazySearch(() =>
    import('../../features/residents/residents.search').then((m) => m.preregistrationSearch),
  ),
  universalSearch: lazySearch(() => import('../../features/search/search.search').then((m) => m.universalSearchParams)),
  duplicateDogsReport: lazySearch(() =>
    import('../../features/reports/profilereports.search').then((m) => m.duplicateDogsSearch),
  ),
  genderMismatchReport: lazySearch(() =>
    import('../../features/reports/profilereports.search').then((m) => m.genderMismatchSearch),
  ),
  tdAudit: lazySearch(() => import('../../features/reports/reports.search').then((m) => m.tdAuditSearch)),
  inventoryReport: lazySearch(() => import('../../features/reports/reports.search').then((m) => m.inventorySearch)),
  residentRegistrations: lazySearch(() =>
    import('../../features/reports/reports.search').then((m) => m.residentRegistrationsSearch),
  ),
  propertyExports: lazySearch(() =>
    import('../../features/reports/reports.search').then((m) => m.propertyExportsSearch),
  ),
  detailReport: lazySearch(() => import('../../features/reports/reports.search').then((m) => m.detailReportSearch)),
  emailExports: lazySearch(() => import('../../features/reports/reports.search').then((m) => m.emailExportsSearch)),
  productByPlate: lazySearch(() => import('../../features/reports/reports.search').then((m) => m.productByPlateSearch)),
  tdReport: lazySearch(() => import('../../features/reports/reports.search').then((m) => m.tdReportSearch)),
  noMatchToMatch: lazySearch(() => import('../../features/reports/reports.search').then((m) => m.noMatchToMatchSearch)),
  programAnalytics: lazySearch(() =>
    import('../../features/analytics/analytics.search').then((m) => m.programAnalyticsSearch),
  ),
  labAnalytics: lazySearch(() => import('../../features/analytics/analytics.search').then((m) => m.labAnalyticsSearch)),
  groupMoveOuts: lazySearch(() => import('../../features/residents/residents.search').then((m) => m.moveOutsSearch)),
  groupResults: lazySearch(() =>
    import('../../features/wasteresults/wasteresults.search').then((m) => m.groupResultsSearch),
  ),
  groupFines: lazySearch(() => import('../../features/violations/violations.search').then((m) => m.ledgerSearch)),
  groupFlaggedSamples: lazySearch(() =>
    import('../../features/flaggedsamples/flaggedsamples.search').then((m) => m.flaggedSamplesSearch),
  ),
  notifications: lazySearch(() =>
    import('../../features/notifications/notifications.search').then((m) => m.notificationsSearch),
  ),
};
