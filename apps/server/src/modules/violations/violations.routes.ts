// Violation notice routes (issue 41): HTTP only; the declarations are in packages/contracts/src/endpoints/violations.ts.
import type { FastifyInstance } from 'fastify';
import { violationEndpoints as endpoints } from '@registry/contracts';
import { route } from '../../platform/endpoint.ts';
import { sendExport } from '../../platform/exports.ts';
import { signedIn } from '../../platform/http.ts';
import { ledger, ledgerExport, totals } from './ledger.service.ts';
import { decideAppeal, requestReswab, reviewNotice } from './review.service.ts';
import { clearSchedule, getSchedule, saveSchedule } from './schedule.service.ts';
import * as notices from './violations.service.ts';

export async function violationsRoutes(app: FastifyInstance) {
  await route(app, endpoints.schedule, async (r) => getSchedule(signedIn(r), r.params.groupId));
  await route(app, endpoints.saveSchedule, async (r) => saveSchedule(signedIn(r), r.params.groupId, r.body));
  await route(app, endpoints.clearSchedule, async (r) => clearSchedule(signedIn(r), r.params.groupId));
  await route(app, endpoints.issue, async (r) => notices.issueNotice(signedIn(r), r.body.matchResultId));
  await route(app, endpoints.get, async (r) => notices.getNotice(signedIn(r), r.params.id));
  await route(app, endpoints.review, async (r) => reviewNotice(signedIn(r), r.params.id, r.body));
  await route(app, endpoints.reswab, async (r) => requestReswab(signedIn(r), r.params.id, r.body));
  await route(app, endpoints.decideAppeal, async (r) => decideAppeal(signedIn(r), r.params.id, r.body));
  await route(app, endpoints.ledger, async (r) => ledger(signedIn(r), r.params.groupId, r.query));
  await route(app, endpoints.totals, async (r) => totals(signedIn(r), r.params.groupId));
  await route(app, endpoints.ledgerExport, async (r, reply) =>
    sendExport(reply, r.query.format, await ledgerExport(signedIn(r), r.params.groupId, r.query)),
  );
  await route(app, endpoints.mine, async (r) => notices.myNotices(signedIn(r)));
  await route(app, endpoints.myNotice, async (r) => notices.myNotice(signedIn(r), r.params.id));
  await route(app, endpoints.pay, async (r) => notices.payNotice(signedIn(r), r.params.id, r.body));
  await route(app, endpoints.dispute, async (r) => notices.disputeNotice(signedIn(r), r.params.id, r.upload));
  await route(app, endpoints.appeal, async (r) => notices.appealNotice(signedIn(r), r.params.id, r.body));
}
