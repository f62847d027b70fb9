// Result sets and match runs (spec 3 §4 "Match runs", §7 "Results"): reading in group scope (the property and the ones
// adjacent to it by agreement), the lab's runs, approvals and deletes, the lab lists and the waste results of a group.
import type { z } from 'zod';
import {
  GroupTypes,
  WASTE_RESULT_MESSAGES as M,
  matchResultWords,
  parseUsDate,
  type groupResultsQuery,
  type resultSetsQuery,
  type saveMatchRunRequest,
  type MatchRunResultName,
} from '@registry/contracts';
import { writeAudit } from '../../platform/audit.ts';
import { withTransaction, type SignedInContext } from '../../platform/context.ts';
import { HttpError, notFound, refused } from '../../platform/errors.ts';
import { assertCan } from '../../platform/rights.ts';
import { loadGroupInScope } from '../../platform/scope.ts';
import { matchResultsWithdrawn, replacedBy as replaced, type WithdrawnResult } from '../../platform/result-hooks.ts';
import { createNotifications } from '../notifications/notifications.service.ts';
import { computeMatchRun } from './match-run.ts';
import { overriddenRun } from './override.ts';
import { recordApprovedCustody } from './result-custody.ts';
import { queueResultLetter } from './result-letters.service.ts';
import * as lists from './result-lists.queries.ts';
import { pendingDogProfiles } from './retro-match.queries.ts';
import { closeCertificates } from '../certificates/certificates.queries.ts';
import * as q from './wasteresults.queries.ts';
import { resultSetsOfResults, syncNoMatchCandidates } from '../nomatchclusters/nomatchclusters.sync.ts';
import { completeProcessing } from '../wastesamples/status.service.ts';
import { emitWebhookEvent } from '../../platform/webhook-events.ts';

const setNotFound = () => notFound(M.resultSetNotFound);
const resultNotFound = () => notFound(M.resultNotFound);
const NOT_DIRECTLY: readonly string[] = ['Inconclusive', 'MultipleMatch'];

/** A result set the caller may see (same 404 for a missing one and one outside scope). */
export async function loadSetInScope(ctx: SignedInContext, id: number) {
  const [inScope] = await q.setIdsInScope(ctx.db, ctx.caller, [id]);
  const set = inScope ? await q.findSetContext(ctx.db, id) : null;
  if (!set) throw setNotFound();
  return set;
}

const iso = (d: Date | string | null) => (d ? new Date(d).toISOString() : null);

function resultView(r: q.MatchResultRecord) {
  return {
    matchResultId: r.id,
    status: r.status as MatchRunResultName,
    bioPetNotes: r.bioPetNotes,
    isApproved: r.isApproved,
    isRerun: r.isRerun,
    runCount: r.runCount,
    matchedSampleNumber: r.matchedSampleNumber,
    sampleNumberOverride: r.sampleNumberOverride,
    isAnalystOverride: r.isAnalystOverride,
    disagreeingMarkers: r.disagreeingMarkers ?? null,
    matchingPet: r.matchedSampleNumber
      ? { petOwnerId: r.matchedPetOwnerId, sampleNumber: r.matchedSampleNumber }
      : null,
    isAdjacentPropertyMatch: r.isAdjacentPropertyMatch,
    isMoveOut: r.isMoveOut,
    randomMatchProbability: r.randomMatchProbability,
    likelihoodRatio: r.likelihoodRatio,
    oneInText: r.oneInText,
    globalResultsCount: r.globalResultsCount,
    candidateCount: r.candidateCount,
    petDnaProfiles: r.comparison.petDnaProfiles,
    wasteDnaProfile: r.comparison.wasteDnaProfile,
    dateCreated: r.dateCreated.toISOString(),
    dateApproved: iso(r.dateApproved),
  };
}

async function setView(ctx: SignedInContext, set: q.SetContext) {
  const [history, changes] = await Promise.all([q.resultsOfSet(ctx.db, set.id), q.changesOfSet(ctx.db, set.id)]);
  const approved = history.find((r) => r.id === set.currentlyApprovedResultId) ?? history[0];
  const hasAccessToPetOwner = await reachesOwner(ctx, approved?.matchedPetOwnerId ?? null, set.propertyId);
  return {
    matchResultSetId: set.id,
    wasteSampleId: set.wasteSampleId,
    sampleNumber: set.sampleNumber,
    propertyId: set.propertyId,
    propertyName: set.propertyName,
    matchHistory: history.map(resultView),
    currentlyApprovedResultId: set.currentlyApprovedResultId,
    dateCollected: set.dateCollected,
    hasAccessToPetOwner,
    changes: changes.map((c) => ({
      fromStatus: c.fromStatus,
      toStatus: c.toStatus,
      dateChanged: c.dateChanged.toISOString(),
    })),
  };
}

/** Staff always reach the owner; a group's admins only while the owner still belongs to the property (or its adjacent). */
export async function reachesOwner(ctx: SignedInContext, petOwnerId: number | null, propertyId: number | null) {
  if (!petOwnerId || propertyId === null || ctx.caller.isProviderStaff) return true;
  return q.ownerStillAssociated(ctx.db, petOwnerId, propertyId);
}

export async function getResultSet(ctx: SignedInContext, id: number) {
  assertCan(ctx, 'wasteResult.view');
  return setView(ctx, await loadSetInScope(ctx, id));
}

export async function latestResult(ctx: SignedInContext, id: number) {
  assertCan(ctx, 'wasteResult.view');
  const set = await loadSetInScope(ctx, id);
  const latest = await q.latestResult(ctx.db, set.id);
  if (!latest) throw resultNotFound();
  return resultView(latest);
}

export async function preview(ctx: SignedInContext, id: number) {
  assertCan(ctx, 'wasteResult.manage');
  const set = await loadSetInScope(ctx, id);
  const run = await computeMatchRun(ctx, set);
  return {
    status: run.status,
    bioPetNotes: null,
    incrementRunCount: true,
    petDnaProfiles: run.comparison.petDnaProfiles,
    wasteDnaProfile: run.comparison.wasteDnaProfile,
    matchingPet: run.matchingPet
      ? { petOwnerId: run.matchingPet.petOwnerId, sampleNumber: run.matchingPet.sampleNumber }
      : null,
    globalResultsCount: run.globalResultsCount ?? 0,
    oneInText: run.oneInText ?? null,
  };
}

/** Saves a new run: the engine's run, with the analyst's result override, sample number override and notes. */
export async function saveRun(ctx: SignedInContext, id: number, body: z.output<typeof saveMatchRunRequest>) {
  assertCan(ctx, 'wasteResult.manage');
  const set = await loadSetInScope(ctx, id);
  return withTransaction(ctx, async (tx, txCtx) => {
    const run = await computeMatchRun(txCtx, set);
    const previous = await q.latestResult(tx, set.id);
    const values = await overriddenRun(txCtx, set, run, body);
    const result = await q.insertResult(tx, {
      ...values,
      bioPetNotes: body.bioPetNotes,
      resultSetId: set.id,
      createdById: ctx.caller.userId,
      runCount: (previous?.runCount ?? 0) + (body.incrementRunCount ? 1 : 0),
    });
    await q.updateSet(tx, set.id, { dateAttempted: new Date() });
    await q.refreshLatest(tx, [set.id]);
    await syncNoMatchCandidates(tx, [set.id]);
    await writeAudit(tx, ctx, {
      entityType: 'WasteMatchResult',
      entityId: result.id,
      actionType: 'Create',
      after: {
        resultSetId: set.id,
        status: result.status,
        engineStatus: run.status,
        ...(result.isAnalystOverride ? { matchedSampleNumber: result.matchedSampleNumber } : {}),
      },
    });
    return setView(txCtx, set);
  });
}

export async function loadResultInScope(ctx: SignedInContext, resultId: number) {
  const result = await q.findResult(ctx.db, resultId);
  if (!result) throw resultNotFound();
  const [inScope] = await q.setIdsInScope(ctx.db, ctx.caller, [result.resultSetId]);
  if (!inScope) throw resultNotFound();
  return result;
}

export async function approveResult(ctx: SignedInContext, resultId: number, confirm = false) {
  assertCan(ctx, 'wasteResult.manage');
  const result = await loadResultInScope(ctx, resultId);
  if (NOT_DIRECTLY.includes(result.status)) throw refused(M.cannotApproveDirectly);
  if (result.status === 'NoMatch' && !confirm) await refuseWhileDogsPending(ctx, result.resultSetId);
  await withTransaction(ctx, async (tx, txCtx) => {
    const earlier = await q.approveResult(tx, result.resultSetId, result.id);
    const earlierStatus = earlier?.status ?? null;
    await completeProcessing(txCtx, [result.resultSetId]);
    await syncNoMatchCandidates(tx, [result.resultSetId]);
    await writeAudit(tx, ctx, {
      entityType: 'WasteMatchResult',
      entityId: result.id,
      actionType: 'Approve',
      after: { resultSetId: result.resultSetId, status: result.status },
    });
    await recordApprovedCustody(txCtx, [{ setId: result.resultSetId, resultId: result.id }]);
    if (earlier) await matchResultsWithdrawn(txCtx, [replaced(earlier.id, result)]);
    await notifyApproved(txCtx, [{ setId: result.resultSetId, status: result.status, earlierStatus }]);
  });
  return { message: M.resultApproved };
}

/** A NoMatch approved while a dog of the property (or an adjacent one) awaits the lab could be wrong: ask first. */
async function refuseWhileDogsPending(ctx: SignedInContext, resultSetId: number) {
  const set = await q.findSetContext(ctx.db, resultSetId);
  const pending = set?.propertyId ? await pendingDogProfiles(ctx.db, set.propertyId) : [];
  if (pending.length === 0) return;
  const message = M.pendingProfiles(pending);
  throw new HttpError(400, { message, exceptionMessage: message, pendingSampleNumbers: pending });
}

export async function deleteResult(ctx: SignedInContext, resultId: number) {
  assertCan(ctx, 'wasteResult.manage');
  const result = await loadResultInScope(ctx, resultId);
  await withTransaction(ctx, async (tx, txCtx) => {
    await q.deleteResult(tx, result.id);
    if (result.isApproved) await q.updateSet(tx, result.resultSetId, { currentlyApprovedResultId: null });
    await closeCertificates(
      tx,
      { kind: 'MatchCertificate', subjectKey: `result:${result.id}` },
      'Revoked',
      'The match result was deleted.',
    );
    await q.refreshLatest(tx, [result.resultSetId]);
    await syncNoMatchCandidates(tx, [result.resultSetId]);
    await matchResultsWithdrawn(txCtx, [
      {
        resultId: result.id,
        resultSetId: result.resultSetId,
        nowNamesPetId: null,
        reason: 'The match result was deleted.',
      },
    ]);
    await writeAudit(tx, ctx, {
      entityType: 'WasteMatchResult',
      entityId: result.id,
      actionType: 'Delete',
      before: { resultSetId: result.resultSetId, status: result.status, isApproved: result.isApproved },
    });
  });
  return { message: M.resultDeleted };
}

/**
 * An approved match result is news for its property's admins (spec 3 §2: opens the group's results at the sample), and
 * its result letter goes to the property's primary admin (docs/decisions/waste-matching.md "Result letters"):
 * NoMatchToMatch when the result approved before was a NoMatch and this one is a Match.
 */
async function notifyApproved(
  ctx: SignedInContext,
  approved: { setId: number; status: string | null; earlierStatus: string | null }[],
) {
  for (const { setId, status, earlierStatus } of approved) {
    const set = await q.findSetContext(ctx.db, setId);
    if (!set?.propertyId) continue;
    await createNotifications(ctx, {
      groupId: set.propertyId,
      type: 'PooPrintsMatchResult',
      // In the product's words ('No match approved'): people read this in the bell and on the notifications page.
      message: `Waste sample ${set.sampleNumber}: ${status ? matchResultWords(status) : 'result'} approved`,
      actionParameters: { id: set.propertyId, sampleNumber: set.sampleNumber },
    });
    const result = set.currentlyApprovedResultId ? await q.findResult(ctx.db, set.currentlyApprovedResultId) : null;
    if (result) await queueResultLetter(ctx, set, result, { earlierStatus });
    // The result set as its GET shows it (`GET /pooprintsmatchresultset/{id}`): the approved result with its history.
    await emitWebhookEvent(ctx, {
      event: 'matchResult.approved',
      groupId: set.propertyId,
      resourceId: setId,
      view: (viewer) => getResultSet(viewer, setId),
    });
  }
}

/** Approves the latest result of each set; Inconclusive and MultipleMatch sets are skipped (they need a decision). */
async function approveLatestOf(ctx: SignedInContext, sets: { id: number; resultId: number; status?: string }[]) {
  const eligible = sets.filter((s) => !s.status || !NOT_DIRECTLY.includes(s.status));
  await withTransaction(ctx, async (tx, txCtx) => {
    const earlier = new Map<number, string | null>();
    const withdrawn: WithdrawnResult[] = [];
    for (const s of eligible) {
      const before = await q.approveResult(tx, s.id, s.resultId);
      earlier.set(s.id, before?.status ?? null);
      const now = before ? await q.findResult(tx, s.resultId) : null;
      if (before && now) withdrawn.push(replaced(before.id, now));
    }
    await matchResultsWithdrawn(txCtx, withdrawn);
    await completeProcessing(
      txCtx,
      eligible.map((s) => s.id),
    );
    await syncNoMatchCandidates(
      tx,
      eligible.map((s) => s.id),
    );
    if (eligible.length)
      await writeAudit(tx, ctx, {
        entityType: 'WasteMatchResult',
        entityId: null,
        actionType: 'Approve',
        after: { resultIds: eligible.map((s) => s.resultId) },
      });
    await recordApprovedCustody(
      txCtx,
      eligible.map((s) => ({ setId: s.id, resultId: s.resultId })),
    );
    await notifyApproved(
      txCtx,
      eligible.map((s) => ({ setId: s.id, status: s.status ?? null, earlierStatus: earlier.get(s.id) ?? null })),
    );
  });
  return { approvedCount: eligible.length, message: M.approvedSuccessfully };
}

export async function approveSelected(ctx: SignedInContext, ids: number[]) {
  assertCan(ctx, 'wasteResult.manage');
  const inScope = await q.setIdsInScope(ctx.db, ctx.caller, [...new Set(ids)]);
  const sets: { id: number; resultId: number; status: string }[] = [];
  for (const id of inScope) {
    const latest = await q.latestResult(ctx.db, id);
    if (latest && !latest.isApproved) sets.push({ id, resultId: latest.id, status: latest.status });
  }
  return approveLatestOf(ctx, sets);
}

export async function approveByResult(ctx: SignedInContext, status: MatchRunResultName) {
  assertCan(ctx, 'wasteResult.manage');
  return approveLatestOf(ctx, await q.unapprovedSetsByLatest(ctx.db, status));
}

export async function approveMatchingReruns(ctx: SignedInContext) {
  assertCan(ctx, 'wasteResult.manage');
  return approveLatestOf(ctx, await q.unapprovedSetsByLatest(ctx.db, 'Match', true));
}

export async function deleteRerunInconclusive(ctx: SignedInContext) {
  assertCan(ctx, 'wasteResult.manage');
  const ids = await q.rerunInconclusiveResultIds(ctx.db);
  await withTransaction(ctx, async (tx) => {
    const setIds = await resultSetsOfResults(tx, ids);
    await q.deleteResults(tx, ids);
    await q.refreshLatest(tx, setIds);
    await syncNoMatchCandidates(tx, setIds);
    if (ids.length)
      await writeAudit(tx, ctx, {
        entityType: 'WasteMatchResult',
        entityId: null,
        actionType: 'Delete',
        before: { resultIds: ids },
      });
  });
  return { deletedCount: ids.length, message: M.inconclusiveDeleted };
}

export async function updateNotes(ctx: SignedInContext, resultId: number, bioPetNotes: string | null) {
  assertCan(ctx, 'wasteResult.manage');
  const result = await loadResultInScope(ctx, resultId);
  await withTransaction(ctx, async (tx) => {
    await q.updateResult(tx, result.id, { bioPetNotes });
    await writeAudit(tx, ctx, {
      entityType: 'WasteMatchResult',
      entityId: result.id,
      actionType: 'Update',
      before: { bioPetNotes: result.bioPetNotes },
      after: { bioPetNotes },
    });
  });
  return { message: M.notesUpdated };
}

function rowView(r: lists.ResultSetListRow) {
  const latest = r.latestMatchStatus as MatchRunResultName | null;
  return {
    wasteSampleId: r.wasteSampleId,
    matchResultSetId: r.matchResultSetId,
    sampleNumber: r.sampleNumber,
    propertyId: r.propertyId,
    propertyName: r.propertyName,
    latestMatchStatus: latest,
    status: (r.approvedStatus ?? r.latestMatchStatus) as MatchRunResultName | null,
    sampleStatus: r.sampleStatus,
    isFlagged: r.isFlagged,
    canApprove: !r.isApproved && latest !== null && !NOT_DIRECTLY.includes(latest),
    isApproved: r.isApproved,
    approvedResultIsAdjacentPropertyMatch: r.isAdjacent,
    approvedResultIsMoveOut: r.isMoveOut,
    globalResultsCount: r.globalResultsCount,
    matchedSampleNumber: r.matchedSampleNumber,
    previousStatus: r.previousStatus as MatchRunResultName | null,
    dateStatusChanged: iso(r.dateStatusChanged),
    dateAttempted: iso(r.dateAttempted),
    dateCreated: new Date(r.dateCreated).toISOString(),
  };
}

const day = (text: string | undefined) => (text ? (parseUsDate(text) ?? undefined) : undefined);

export async function listResultSets(
  ctx: SignedInContext,
  query: z.output<typeof resultSetsQuery>,
  changedOnly = false,
) {
  assertCan(ctx, 'wasteResult.labView');
  const { rows, total } = await lists.searchResultSets(ctx.db, {
    page: query.page,
    pageSize: query.pageSize,
    orderBy: query.orderBy ?? 'sampleNumber',
    ascending: query.ascending ?? true,
    sampleNumber: query.sampleNumberFilter,
    propertyName: query.propertyNameFilter,
    status: query.statusFilter,
    isApproved: query.isApprovedFilter,
    globalResultsCount: query.globalResultsCountFilter,
    createdOn: day(query.createdFilter),
    attemptedOn: day(query.attemptedFilter),
    changedOnly,
    caller: ctx.caller,
  });
  return { data: rows.map(rowView), totalRecords: total };
}

/** The waste results under a group (attempted date descending by default). */
export async function groupResults(ctx: SignedInContext, query: z.output<typeof groupResultsQuery>) {
  assertCan(ctx, 'wasteResult.view');
  const group = await loadGroupInScope(ctx, query.selectedGroupId);
  const { rows, total } = await lists.searchResultSets(ctx.db, {
    page: query.page,
    pageSize: query.pageSize,
    orderBy: query.orderBy ?? 'attempted',
    ascending: query.ascending ?? false,
    sampleNumber: query.samplenumber,
    status: query.matchResult,
    sampleStatus: query.samplestatus,
    groupPath: group.path,
    groupIsRoot: group.groupType === GroupTypes.HierarchyRoot,
    caller: ctx.caller,
  });
  return { data: rows.map(rowView), totalRecords: total };
}
