// Parentage routes: HTTP only; the declarations are in packages/contracts/src/endpoints/parentage.ts.
import type { FastifyInstance } from 'fastify';
import { parentageEndpoints as endpoints } from '@registry/contracts';
import { route } from '../../platform/endpoint.ts';
import { signedIn } from '../../platform/http.ts';
import { parentageCertificate } from './certificate.service.ts';
import * as parentage from './parentage.service.ts';

export async function parentageRoutes(app: FastifyInstance) {
  await route(app, endpoints.pets, async (request) => parentage.parentagePets(signedIn(request), request.query));
  await route(app, endpoints.candidates, async (request) =>
    parentage.candidates(signedIn(request), request.query.sampleNumber),
  );
  await route(app, endpoints.resultSetBySampleNumber, async (request) =>
    parentage.resultSetBySampleNumber(signedIn(request), request.query.sampleNumber),
  );
  await route(app, endpoints.byPet, async (request) =>
    parentage.resultSetBySampleNumber(signedIn(request), request.query.sampleNumber),
  );
  await route(app, endpoints.history, async (request) =>
    parentage.history(signedIn(request), request.query.parentageResultSetId),
  );
  await route(app, endpoints.historyDetails, async (request) =>
    parentage.resultSetById(signedIn(request), request.query.matchResultSetId),
  );
  await route(app, endpoints.execute, async (request) => parentage.executeTest(signedIn(request), request.body));
  await route(app, endpoints.override, async (request) =>
    parentage.overrideResult(signedIn(request), request.params.setId, request.params.resultId, request.body),
  );
  await route(app, endpoints.updateNotes, async (request) =>
    parentage.updateNotes(
      signedIn(request),
      request.body.MatchResultSetId,
      request.body.MatchResultId,
      request.body.BioPetNotes,
    ),
  );
  await route(app, endpoints.deleteResult, async (request) =>
    parentage.deleteResult(signedIn(request), request.body.matchResultSetId, request.body.matchResultId),
  );
  await route(app, endpoints.certificate, async (request, reply) => {
    const pdf = await parentageCertificate(signedIn(request), request.query);
    return reply
      .type('application/pdf')
      .header('content-disposition', `inline; filename="${pdf.fileName}"`)
      .header('cache-control', 'no-store')
      .send(pdf.content);
  });
}
