// Duplicate dog report, similar DNA profiles and gender-mismatch routes: HTTP only; the declarations are in
// packages/contracts/src/endpoints/duplicatedogs.ts.
import type { FastifyInstance } from 'fastify';
import { duplicateDogEndpoints as endpoints } from '@registry/contracts';
import { route } from '../../platform/endpoint.ts';
import { signedIn } from '../../platform/http.ts';
import * as duplicates from './duplicatedogs.service.ts';
import { relativeProfiles } from './relatives.service.ts';

const stamp = () => new Date().toISOString().slice(0, 19).replace(/[-:T]/g, '');

export async function duplicateDogsRoutes(app: FastifyInstance) {
  await route(app, endpoints.report, async (request) => duplicates.duplicateReport(signedIn(request), request.query));
  await route(app, endpoints.summary, async (request) =>
    duplicates.clusterSummary(signedIn(request), request.query.id),
  );
  await route(app, endpoints.eligibleClusters, async (request) =>
    duplicates.clustersForCandidate(signedIn(request), request.query.sampleNumber),
  );
  await route(app, endpoints.markReviewed, async (request) =>
    duplicates.setReviewed(signedIn(request), request.body.id, true),
  );
  await route(app, endpoints.returnToPending, async (request) =>
    duplicates.setReviewed(signedIn(request), request.body.id, false),
  );
  await route(app, endpoints.csv, async (request, reply) => {
    const csv = await duplicates.duplicateReportCsv(signedIn(request), request.query.groupId);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="DuplicateDogReport_${stamp()}.csv"`)
      .header('access-control-expose-headers', 'X-Export-Rows, Content-Disposition')
      .header('x-export-rows', String(csv.rows))
      .send(csv.text);
  });
  await route(app, endpoints.similar, async (request) => duplicates.similarProfiles(signedIn(request), request.query));
  await route(app, endpoints.relatives, async (request) => relativeProfiles(signedIn(request), request.query));
  await route(app, endpoints.genderMismatchCsv, async (request, reply) => {
    const csv = await duplicates.genderMismatchCsv(signedIn(request));
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="GenderMismatch_${stamp()}.csv"`)
      .header('access-control-expose-headers', 'X-Export-Rows, Content-Disposition')
      .header('x-export-rows', String(csv.rows))
      .send(csv.text);
  });
}
