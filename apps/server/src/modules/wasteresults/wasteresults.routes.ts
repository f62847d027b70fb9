// Waste matching routes: HTTP only; the declarations are in packages/contracts/src/endpoints/wasteresults.ts.
import type { FastifyInstance } from 'fastify';
import { wasteResultEndpoints as endpoints } from '@registry/contracts';
import { route } from '../../platform/endpoint.ts';
import { signedIn } from '../../platform/http.ts';
import { certificatePdf, emailResultToPrimaryAdmin } from './certificate.service.ts';
import { cancelRerun, rerunStatus, startRerun } from './rerun.service.ts';
import * as results from './wasteresults.service.ts';

export async function wasteResultsRoutes(app: FastifyInstance) {
  await route(app, endpoints.resultSets, async (request) => results.listResultSets(signedIn(request), request.query));
  await route(app, endpoints.noMatchReruns, async (request) =>
    results.listResultSets(signedIn(request), request.query, true),
  );
  await route(app, endpoints.latestResult, async (request) =>
    results.latestResult(signedIn(request), request.query.matchResultSetId),
  );
  await route(app, endpoints.matchResultSet, async (request) =>
    results.getResultSet(signedIn(request), request.query.matchResultSetId),
  );
  await route(app, endpoints.resultSetById, async (request) =>
    results.getResultSet(signedIn(request), request.params.id),
  );
  await route(app, endpoints.preview, async (request) =>
    results.preview(signedIn(request), request.query.matchResultSetId),
  );
  await route(app, endpoints.saveRun, async (request) =>
    results.saveRun(signedIn(request), request.params.id, request.body),
  );
  await route(app, endpoints.approve, async (request) =>
    results.approveResult(signedIn(request), request.params.id, request.query.confirm ?? false),
  );
  await route(app, endpoints.deleteResult, async (request) =>
    results.deleteResult(signedIn(request), request.params.id),
  );
  await route(app, endpoints.approveSelected, async (request) =>
    results.approveSelected(signedIn(request), request.body),
  );
  await route(app, endpoints.approveByResult, async (request) =>
    results.approveByResult(signedIn(request), request.body.result),
  );
  await route(app, endpoints.approveMatchingReruns, async (request) =>
    results.approveMatchingReruns(signedIn(request)),
  );
  await route(app, endpoints.deleteRerunInconclusive, async (request) =>
    results.deleteRerunInconclusive(signedIn(request)),
  );
  await route(app, endpoints.rerunAll, async (request) => startRerun(signedIn(request), request.body.groupId ?? null));
  await route(app, endpoints.cancelRerun, async (request) => cancelRerun(signedIn(request)));
  await route(app, endpoints.rerunStatus, async (request) => rerunStatus(signedIn(request)));
  await route(app, endpoints.updateNotes, async (request) =>
    results.updateNotes(signedIn(request), request.params.id, request.body.bioPetNotes),
  );
  await route(app, endpoints.byGroup, async (request) => results.groupResults(signedIn(request), request.query));
  await route(app, endpoints.certificate, async (request, reply) => {
    const pdf = await certificatePdf(signedIn(request), request.query.pooPrintsResultSetId);
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="${pdf.fileName}"`)
      .header('cache-control', 'no-store')
      .send(pdf.content);
  });
  await route(app, endpoints.emailPrimaryAdmin, async (request) =>
    emailResultToPrimaryAdmin(signedIn(request), request.query.pooPrintsMatchResultSetId),
  );
}
