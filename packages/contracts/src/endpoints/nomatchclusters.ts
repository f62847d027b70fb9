// No-match clusters (spec 3 §7 "No-match clusters"): the lab tool's list and actions, the approved-only calls the report
// uses and its CSV. Reading is for the provider's staff; reviewing candidates is the lab's.
import { endpointGroup } from '../endpoint.ts';

const clusters = endpointGroup(['nomatchclusters'], () => import('../schemas.ts'));
const VIEW = { right: 'noMatchCluster.view' } as const;
const MANAGE = { right: 'noMatchCluster.manage' } as const;
const BASE = '/nomatchclusters';

export const noMatchClusterEndpoints = {
  list: clusters.get(BASE, 'getNoMatchClusters', VIEW, (s) => ({
    query: s.noMatchClustersQuery,
    response: s.noMatchClustersPage,
  })),
  approvedOnly: clusters.get(`${BASE}/getapprovedonly`, 'getApprovedNoMatchClusters', VIEW, (s) => ({
    query: s.noMatchReportQuery,
    response: s.noMatchClustersPage,
  })),
  summary: clusters.get(`${BASE}/summary`, 'getNoMatchClusterSummary', VIEW, (s) => ({
    query: s.noMatchClusterIdQuery,
    response: s.noMatchCluster,
  })),
  relatives: clusters.get(`${BASE}/relatives`, 'getNoMatchClusterRelatives', VIEW, (s) => ({
    query: s.noMatchClusterRelativesQuery,
    response: s.noMatchClusterRelatives,
  })),
  eligibleClusters: clusters.get(
    `${BASE}/geteligibleclustersforcandidate`,
    'getEligibleNoMatchClustersForCandidate',
    VIEW,
    (s) => ({ query: s.eligibleClustersQuery, response: s.noMatchClustersPage }),
  ),
  approveSelected: clusters.post(
    `${BASE}/approveselectedcandidates`,
    'approveSelectedNoMatchCandidates',
    MANAGE,
    (s) => ({ body: s.candidateKeys, response: s.candidateCountResponse }),
  ),
  approveSingles: clusters.post(`${BASE}/approvesinglecandidates`, 'approveSingleNoMatchCandidates', MANAGE, (s) => ({
    body: s.noMatchFilterBody,
    response: s.candidateCountResponse,
  })),
  approve: clusters.post(`${BASE}/approvecandidate`, 'approveNoMatchCandidate', MANAGE, (s) => ({
    body: s.candidateKey,
    response: s.noMatchCluster,
  })),
  approveAsSingle: clusters.post(
    `${BASE}/approvecandidateassingle`,
    'approveNoMatchCandidateAsSingle',
    MANAGE,
    (s) => ({ body: s.candidateKey, response: s.noMatchCluster }),
  ),
  deny: clusters.post(`${BASE}/denycandidate`, 'denyNoMatchCandidate', MANAGE, (s) => ({
    body: s.candidateKey,
    response: s.noMatchCluster,
  })),
  move: clusters.post(`${BASE}/movecandidate`, 'moveNoMatchCandidate', MANAGE, (s) => ({
    body: s.moveCandidateRequest,
    response: s.noMatchCluster,
  })),
  reportCsv: clusters.get('/reportsgenerator/getnomatchclusterreportcsv', 'getNoMatchClusterReportCsv', VIEW, (s) => ({
    query: s.noMatchReportExportQuery,
    response: s.exportFile,
  })),
};
