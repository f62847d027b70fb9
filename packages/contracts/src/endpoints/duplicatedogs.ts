// Duplicate dog report, similar DNA profiles and the gender-mismatch report (spec 3 §7): the lab's tools over the
// registry of approved profiles. Reading is for the provider's staff; reviewing a cluster is the lab's.
import { endpointGroup } from '../endpoint.ts';

const duplicates = endpointGroup(['duplicatedogs'], () => import('../schemas.ts'));
const VIEW = { right: 'dna.view' } as const;
const REVIEW = { right: 'duplicates.review' } as const;

export const duplicateDogEndpoints = {
  report: duplicates.get('/duplicatedogreport', 'duplicateDogReport', VIEW, (s) => ({
    query: s.duplicateReportQuery,
    response: s.duplicateReportPage,
  })),
  summary: duplicates.get('/duplicatedogreport/summary', 'duplicateDogClusterSummary', VIEW, (s) => ({
    query: s.clusterIdQuery,
    response: s.duplicateCluster,
  })),
  eligibleClusters: duplicates.get(
    '/duplicatedogreport/geteligibleclustersforcandidate',
    'duplicateDogEligibleClusters',
    VIEW,
    (s) => ({ query: s.candidateQuery, response: s.duplicateClusters }),
  ),
  markReviewed: duplicates.post(
    '/duplicatedogreport/markclusterasreviewed',
    'markDuplicateClusterReviewed',
    REVIEW,
    (s) => ({
      body: s.clusterIdBody,
      response: s.duplicateCluster,
    }),
  ),
  returnToPending: duplicates.post(
    '/duplicatedogreport/returnclustertopending',
    'returnDuplicateClusterToPending',
    REVIEW,
    (s) => ({ body: s.clusterIdBody, response: s.duplicateCluster }),
  ),
  csv: duplicates.get('/duplicatedogreport/getcsv', 'duplicateDogReportCsv', VIEW, (s) => ({
    query: s.duplicateCsvQuery,
    response: s.csvContent,
  })),
  similar: duplicates.get('/skunkworks/getsimilardnaprofiles', 'similarDnaProfiles', VIEW, (s) => ({
    query: s.similarProfilesQuery,
    response: s.similarProfilesResponse,
  })),
  relatives: duplicates.get('/skunkworks/getrelativednaprofiles', 'relativeDnaProfiles', VIEW, (s) => ({
    query: s.relativeProfilesQuery,
    response: s.relativeProfilesResponse,
  })),
  genderMismatchCsv: duplicates.get(
    '/reportsgenerator/getallgendermismatchcsvreport',
    'genderMismatchCsvReport',
    VIEW,
    (s) => ({ response: s.csvContent }),
  ),
};
