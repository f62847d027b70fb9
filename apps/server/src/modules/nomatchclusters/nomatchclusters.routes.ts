// No-match cluster routes: HTTP only; the declarations are in packages/contracts/src/endpoints/nomatchclusters.ts.
import type { FastifyInstance } from 'fastify';
import { noMatchClusterEndpoints as endpoints } from '@registry/contracts';
import { route } from '../../platform/endpoint.ts';
import { sendExport } from '../../platform/exports.ts';
import { signedIn } from '../../platform/http.ts';
import * as clusters from './nomatchclusters.service.ts';
import { clusterRelatives } from './nomatchclusters.relatives.ts';

export async function noMatchClustersRoutes(app: FastifyInstance) {
  await route(app, endpoints.list, async (request) => clusters.listClusters(signedIn(request), request.query));
  await route(app, endpoints.approvedOnly, async (request) =>
    clusters.approvedClusters(signedIn(request), request.query),
  );
  await route(app, endpoints.summary, async (request) => clusters.clusterSummary(signedIn(request), request.query.id));
  await route(app, endpoints.relatives, async (request) => clusterRelatives(signedIn(request), request.query));
  await route(app, endpoints.eligibleClusters, async (request) =>
    clusters.eligibleClusters(signedIn(request), request.query),
  );
  await route(app, endpoints.approveSelected, async (request) =>
    clusters.approveSelected(signedIn(request), request.body),
  );
  await route(app, endpoints.approveSingles, async (request) =>
    clusters.approveSingles(signedIn(request), request.body),
  );
  await route(app, endpoints.approve, async (request) => clusters.approveCandidate(signedIn(request), request.body));
  await route(app, endpoints.approveAsSingle, async (request) =>
    clusters.approveCandidateAsSingle(signedIn(request), request.body),
  );
  await route(app, endpoints.deny, async (request) => clusters.denyCandidate(signedIn(request), request.body));
  await route(app, endpoints.move, async (request) => clusters.moveCandidate(signedIn(request), request.body));
  await route(app, endpoints.reportCsv, async (request, reply) =>
    sendExport(
      reply,
      request.query.format,
      await clusters.approvedClustersExport(signedIn(request), request.query.groupId),
    ),
  );
}
