// Signed-in routes: The lab: DNA processing, waste results, plates, parentage, duplicates, no-match clusters and lab tools.
// Each page is loaded on demand; its URL state is validated by the schema the page itself parses with (searchOf).
import { createRoute } from '@tanstack/react-router';
import { lazyPage } from '../lazyPage';
import { appRoute } from './base';
import { searchOf } from './searchOf';

const dnaProcessingRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/dna/processing',
  ...searchOf.dnaProcessing,
  component: lazyPage(() => import('../../features/dna/DnaProcessingPage'), 'DnaProcessingPage'),
});
const wasteResultsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/dna/wasteresults',
  ...searchOf.wasteResults,
  component: lazyPage(() => import('../../features/wasteresults/WasteResultsPage'), 'WasteResultsPage'),
});
const noMatchRerunsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/dna/nomatchreruns',
  ...searchOf.wasteResults,
  component: lazyPage(() => import('../../features/wasteresults/WasteResultsPage'), 'NoMatchRerunsPage'),
});
const resultSetRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/wasteresultset/{-$id}',
  component: lazyPage(() => import('../../features/wasteresults/ResultSetPage'), 'ResultSetPage'),
});
const dnaControlsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/dna/controls',
  ...searchOf.dnaControls,
  component: lazyPage(() => import('../../features/dna/ControlsPage'), 'ControlsPage'),
});
const dnaSampleDataRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/dna/sample-data',
  ...searchOf.dnaSampleData,
  component: lazyPage(() => import('../../features/dna/SampleDataPage'), 'SampleDataPage'),
});
const plateFilesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/tools/platefiles',
  ...searchOf.plateFiles,
  component: lazyPage(() => import('../../features/dna/PlateFilesPage'), 'PlateFilesPage'),
});
const scanWasteBarcodeRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/tools/scanwastebarcode',
  component: lazyPage(() => import('../../features/wastesamples/ScanWasteBarcodePage'), 'ScanWasteBarcodePage'),
});
const wasteSampleCustodyRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/wastesample/$id/custody',
  component: lazyPage(() => import('../../features/fieldcollection/WasteSampleCustodyPage'), 'WasteSampleCustodyPage'),
});
const collectionPointsRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/group/$id/wastemap',
  component: lazyPage(() => import('../../features/fieldcollection/CollectionPointsPage'), 'CollectionPointsPage'),
});
const enterWasteSampleRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/tools/enterwastesample',
  component: lazyPage(() => import('../../features/wastesamples/EnterWasteSamplePage'), 'EnterWasteSamplePage'),
});
const parentageRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/parentage',
  ...searchOf.parentage,
  component: lazyPage(() => import('../../features/parentage/ParentagePage'), 'ParentagePage'),
});
const parentageTestRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/tools/parentage/test',
  component: lazyPage(() => import('../../features/parentage/ParentageToolsPage'), 'ParentageTestPage'),
});
const parentageLookupRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/tools/parentage/lookup',
  component: lazyPage(() => import('../../features/parentage/ParentageToolsPage'), 'ParentageLookupPage'),
});
const duplicateReportRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/lab-tools/duplicate-dog-report',
  ...searchOf.duplicateReport,
  component: lazyPage(() => import('../../features/duplicatedogs/DuplicateDogReportPage'), 'DuplicateDogReportPage'),
});
const noMatchClustersRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/lab-tools/no-match-clusters',
  ...searchOf.noMatchClusters,
  component: lazyPage(() => import('../../features/nomatchclusters/NoMatchClustersPage'), 'NoMatchClustersPage'),
});
const similarProfilesRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/tools/similardnaprofiles',
  ...searchOf.similarProfiles,
  component: lazyPage(() => import('../../features/duplicatedogs/SimilarProfilesPage'), 'SimilarProfilesPage'),
});
const bulkUploadRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/tools/bulkupload',
  component: lazyPage(() => import('../../features/bulkimport/BulkUploadPage'), 'BulkUploadPage'),
});
const orphansRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/tools/orphans',
  ...searchOf.orphans,
  component: lazyPage(() => import('../../features/pets/OrphansPage'), 'OrphansPage'),
});
const petBarcodeScannerRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/tools/petbarcodescanner',
  component: lazyPage(() => import('../../features/pets/PetBarcodeScannerPage'), 'PetBarcodeScannerPage'),
});
const fulfillmentRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/lab-tools/ancestry-fulfillment',
  ...searchOf.fulfillment,
  component: lazyPage(() => import('../../features/ancestry/AncestryFulfillmentPage'), 'AncestryFulfillmentPage'),
});
const lifePlansRoute = createRoute({
  getParentRoute: () => appRoute,
  path: '/lifeplans',
  component: lazyPage(() => import('../../features/ancestry/LifePlansPage'), 'LifePlansPage'),
});

export const labRoutes = [
  dnaProcessingRoute,
  wasteResultsRoute,
  noMatchRerunsRoute,
  resultSetRoute,
  dnaControlsRoute,
  dnaSampleDataRoute,
  plateFilesRoute,
  scanWasteBarcodeRoute,
  enterWasteSampleRoute,
  wasteSampleCustodyRoute,
  collectionPointsRoute,
  parentageRoute,
  parentageTestRoute,
  parentageLookupRoute,
  duplicateReportRoute,
  noMatchClustersRoute,
  similarProfilesRoute,
  bulkUploadRoute,
  orphansRoute,
  petBarcodeScannerRoute,
  fulfillmentRoute,
  lifePlansRoute,
] as const;
