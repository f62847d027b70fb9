// Parentage (spec 3 §4, §5): the parentage pets list, a test of a puppy against a dam and a sire through the engine
// (Pass / Fail / Skip per marker, Certified / Disqualified / Inconclusive, combined paternity index and probability of
// exclusion), the puppy's result set with its history, overrides, notes and deletes. The set's match status, best
// result and isParentageCertified follow the best result: the latest Certified one, else the latest.
import type { z } from 'zod';
import { ParentageRefused, Sex, alleleText, evaluateParentage, profileSex, type DnaProfile } from '@registry/genetics';
import {
  Gender,
  PARENTAGE_MESSAGES,
  ParentageMatchStatus,
  matchResultSetNotFoundMessage,
  type ExecuteParentageTestRequest,
  type ParentageMatchResultSetView,
  type ParentageMatchResultView,
  type ParentageRunResultName,
  type overrideMatchResultRequest,
  type parentagePetsQuery,
} from '@registry/contracts';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../platform/audit.ts';
import { withTransaction, type SignedInContext } from '../../platform/context.ts';
import { forbidden, notFound, refused } from '../../platform/errors.ts';
import { assertCan } from '../../platform/rights.ts';
import { loadGroupInScope } from '../../platform/scope.ts';
import { profileFromCodes, requirePanel } from '../dna/panels.ts';
import { currentIndex } from '../dna/registry-index.ts';
import { closeCertificates } from '../certificates/certificates.queries.ts';
import { certificateResultIdOf } from '../certificates/certificates.service.ts';
import * as q from './parentage.queries.ts';

const petNotFound = () => notFound('Pet not found.');
const resultNotFound = () => notFound('Parentage match result not found.');
const STATUS_OF_RESULT: Record<string, number> = {
  Certified: ParentageMatchStatus.Certified,
  Disqualified: ParentageMatchStatus.Disqualified,
  Inconclusive: ParentageMatchStatus.Inconclusive,
};

export async function parentagePets(ctx: SignedInContext, query: z.output<typeof parentagePetsQuery>) {
  assertCan(ctx, 'parentage.view');
  const group = query.selectedGroupId ? await loadGroupInScope(ctx, query.selectedGroupId) : null;
  const { rows, total } = await q.parentagePets(ctx.db, ctx.caller, query, group?.path ?? null, ctx.config.labTimeZone);
  return {
    totalRecords: total,
    data: rows.map((r) => ({
      ...r,
      isTestable: r.matchStatus !== ParentageMatchStatus.Processing,
      isMatched: r.matchStatus >= ParentageMatchStatus.Certified,
      certificateResultId: certificateResultIdOf(r),
      statusLastUpdated: new Date(r.statusLastUpdated).toISOString(),
      lastAttempted: r.lastAttempted ? r.lastAttempted.toISOString() : null,
    })),
  };
}

function resultView(r: q.ResultRecord): ParentageMatchResultView {
  return {
    parentageMatchResultId: r.id,
    parentageMatchResultSetId: r.setId,
    parentageMatchRunResult: r.runResult as ParentageRunResultName,
    engineResult: r.engineResult as ParentageRunResultName,
    isOverridden: r.isOverridden,
    bioPetNotes: r.bioPetNotes,
    puppySampleNumber: r.puppySampleNumber,
    damSampleNumber: r.damSampleNumber,
    sireSampleNumber: r.sireSampleNumber,
    testedMarkers: r.testedMarkers,
    failedMarkers: r.failedMarkers,
    combinedPaternityIndex: r.combinedPaternityIndex,
    probabilityOfExclusion: r.probabilityOfExclusion,
    possibleMutation: r.possibleMutation,
    executedBy: r.executedByName,
    dateCreated: r.dateCreated,
    markers: r.markers.map((m) => ({ ...m, result: m.result as 'Pass' | 'Fail' | 'Skip' })),
  };
}

async function setView(db: Db, set: q.SetRecord, puppy: { id: number; name: string; sampleNumber: string | null }) {
  const results = await q.resultsOfSet(db, set.id);
  return {
    matchResultSetId: set.id,
    puppyId: puppy.id,
    puppyName: puppy.name,
    puppySampleNumber: puppy.sampleNumber ?? '',
    matchStatus: set.matchStatus,
    bestMatchResultId: set.bestMatchResultId,
    isParentageCertified: set.isParentageCertified,
    certificateResultId: certificateResultIdOf(set),
    lastAttempted: set.lastAttempted,
    statusLastUpdated: set.statusLastUpdated,
    results: results.map(resultView),
  } satisfies ParentageMatchResultSetView;
}

/** The puppy's result set by its sample number (the lookup tool and the row expansion). */
export async function resultSetBySampleNumber(ctx: SignedInContext, sampleNumber: string) {
  assertCan(ctx, 'parentage.view');
  const puppy = await q.petBySampleNumberFor(ctx.db, ctx.caller, sampleNumber);
  const set = puppy ? await q.findSetOfPuppy(ctx.db, puppy.id) : undefined;
  if (!puppy || !set) throw notFound(matchResultSetNotFoundMessage(sampleNumber));
  return setView(ctx.db, set, puppy);
}

/** A set by id, with its puppy, if the caller may see the puppy (else the same 404 as a missing set). */
async function loadSet(ctx: SignedInContext, setId: number, db: Db = ctx.db, lock = false) {
  const set = lock ? await q.lockSet(db, setId) : await q.findSet(db, setId);
  const puppy = set ? await q.petByIdFor(db, ctx.caller, set.puppyPetId) : undefined;
  if (!set || !puppy) throw notFound(matchResultSetNotFoundMessage(String(setId)));
  return { set, puppy };
}

export async function resultSetById(ctx: SignedInContext, setId: number) {
  assertCan(ctx, 'parentage.view');
  const { set, puppy } = await loadSet(ctx, setId);
  return setView(ctx.db, set, puppy);
}

export async function history(ctx: SignedInContext, setId: number) {
  return (await resultSetById(ctx, setId)).results;
}

/** Recomputes the set's status, best result and certification from its results (after any change). */
async function settle(tx: Db, setId: number) {
  const results = await q.resultsOfSet(tx, setId);
  const best = results.find((r) => r.runResult === 'Certified') ?? results[0];
  await q.updateSet(tx, setId, {
    matchStatus: best ? STATUS_OF_RESULT[best.runResult] : ParentageMatchStatus.Ready,
    bestMatchResultId: best?.id ?? null,
    isParentageCertified: best?.runResult === 'Certified',
    statusLastUpdated: new Date(),
  });
}

function genotypeText(profile: DnaProfile, marker: number) {
  const a = profile.codes[marker * 2];
  const b = profile.codes[marker * 2 + 1];
  return a === 0 && b === 0 ? '' : `${alleleText(a)}/${alleleText(b)}`;
}

/** Dam and sire candidates: the owner's other dogs; males are not Female, females not Male (spec 3 §8). */
export async function candidates(ctx: SignedInContext, sampleNumber: string) {
  assertCan(ctx, 'parentage.run');
  const puppy = await q.petBySampleNumberFor(ctx.db, ctx.caller, sampleNumber.toUpperCase());
  if (!puppy) throw petNotFound();
  const dogs = puppy.petOwnerId
    ? (await q.dogsOfOwner(ctx.db, puppy.petOwnerId)).filter((d) => d.petId !== puppy.id)
    : [];
  return {
    males: dogs.filter((d) => d.gender !== Gender.Female),
    females: dogs.filter((d) => d.gender !== Gender.Male),
  };
}

type Parent = { role: 'dam' | 'sire'; sampleNumber: string; profile: DnaProfile };
/**
 * Refuses a male dam or a female sire, by DNA (the gender marker) or by the pet's record; Unknown passes either way (the
 * spec lets such a dog be either). DNA is checked first: it is what the lab measured.
 */
async function assertParentsSexes(db: Db, parents: Parent[]) {
  const pets = await q.petsBySampleNumbers(
    db,
    parents.map((x) => x.sampleNumber),
  );
  for (const { role, sampleNumber, profile } of parents) {
    const pet = pets.find((x) => x.sampleNumber?.toUpperCase() === sampleNumber);
    const dog = pet ? `${pet.name} (${sampleNumber})` : sampleNumber;
    const wrong = role === 'dam' ? 'male' : 'female';
    const byDna = profileSex(profile);
    if (byDna === (role === 'dam' ? Sex.Male : Sex.Female))
      throw refused(PARENTAGE_MESSAGES.wrongSex(dog, wrong, 'DNA', role));
    if (pet && pet.gender === (role === 'dam' ? Gender.Male : Gender.Female))
      throw refused(PARENTAGE_MESSAGES.wrongSex(dog, wrong, 'record', role));
  }
}

export async function executeTest(ctx: SignedInContext, body: ExecuteParentageTestRequest) {
  assertCan(ctx, 'parentage.run');
  const [puppyNumber, damNumber, sireNumber] = [body.puppy, body.dam, body.sire].map((n) => n.toUpperCase());
  // The two reads are independent: run side by side (one round trip of waiting, not two).
  const [puppy, stored] = await Promise.all([
    q.petBySampleNumberFor(ctx.db, ctx.caller, puppyNumber),
    q.approvedProfiles(ctx.db, [puppyNumber, damNumber, sireNumber]),
  ]);
  if (!puppy) throw petNotFound();
  const byNumber = new Map(stored.map((p) => [p.sampleNumber, p]));
  for (const n of [puppyNumber, damNumber, sireNumber])
    if (!byNumber.has(n)) throw refused(PARENTAGE_MESSAGES.noApprovedProfile(n));
  const [p, d, s] = [puppyNumber, damNumber, sireNumber].map((n) => byNumber.get(n)!);
  if (d.panelId !== p.panelId || s.panelId !== p.panelId) throw refused(PARENTAGE_MESSAGES.differentPanels);
  const panel = requirePanel(p.panelId);
  const [pp, dp, sp] = [p, d, s].map((x) => profileFromCodes(panel, x.codes));
  await assertParentsSexes(ctx.db, [
    { role: 'dam', sampleNumber: damNumber, profile: dp },
    { role: 'sire', sampleNumber: sireNumber, profile: sp },
  ]);
  const { index } = await currentIndex(ctx, panel);
  let outcome;
  try {
    outcome = evaluateParentage(pp, dp, sp, {}, index.alleleFrequencies());
  } catch (error) {
    if (error instanceof ParentageRefused)
      throw refused(
        PARENTAGE_MESSAGES.refused(error.refusals.map((r) => `the ${r.role}: ${r.reasons.join(', ')}`).join('; ')),
      );
    throw error;
  }
  const stats = outcome.statistics;
  const markers = panel.typingMarkers.map((m, i) => ({
    marker: panel.markers[m].name,
    result: outcome.markers[i].result,
    puppy: genotypeText(pp, m),
    dam: genotypeText(dp, m),
    sire: genotypeText(sp, m),
  }));
  return withTransaction(ctx, async (tx) => {
    const set = await q.lockSetOfPuppy(tx, puppy.id);
    const row = await q.insertResult(tx, {
      setId: set.id,
      puppySampleNumber: puppyNumber,
      damSampleNumber: damNumber,
      sireSampleNumber: sireNumber,
      runResult: outcome.result,
      engineResult: outcome.result,
      testedMarkers: outcome.testedMarkers,
      failedMarkers: outcome.failedMarkers,
      combinedPaternityIndex:
        stats && Number.isFinite(stats.combinedPaternityIndex) ? stats.combinedPaternityIndex : null,
      probabilityOfExclusion: stats ? stats.combinedExclusionProbability : null,
      possibleMutation: outcome.result === 'Inconclusive' && Boolean(stats?.excludingMarkers.some((e) => e.singleStep)),
      markers,
      executedBy: ctx.caller.userId,
      executedByName: ctx.caller.fullName,
    });
    // settle() for a new run without rereading the set's runs: the runs are ordered newest first and the best is the
    // first Certified one, else the newest. So the new run is the best unless it is not Certified while the set is
    // (the set's best, kept by settle, is then the newest Certified run and stays).
    const now = new Date();
    const newBest = row.runResult === 'Certified' || !set.isParentageCertified;
    await q.updateSet(tx, set.id, {
      lastAttempted: now,
      statusLastUpdated: now,
      ...(newBest
        ? {
            matchStatus: STATUS_OF_RESULT[row.runResult],
            bestMatchResultId: row.id,
            isParentageCertified: row.runResult === 'Certified',
          }
        : {}),
    });
    await writeAudit(tx, ctx, {
      entityType: 'ParentageMatchResult',
      entityId: row.id,
      actionType: 'Create',
      after: { puppy: puppyNumber, dam: damNumber, sire: sireNumber, result: outcome.result },
    });
    // The set was certified when the new run is not the best: its best stays the newest Certified run.
    const certificateResultId = newBest ? (row.runResult === 'Certified' ? row.id : null) : set.bestMatchResultId;
    return { ...resultView(row), certificateResultId };
  });
}

export async function overrideResult(
  ctx: SignedInContext,
  setId: number,
  resultId: number,
  body: z.output<typeof overrideMatchResultRequest>,
) {
  assertCan(ctx, 'parentage.override');
  return withTransaction(ctx, async (tx) => {
    const { set, puppy } = await loadSet(ctx, setId, tx, true);
    const result = await q.findResult(tx, resultId);
    if (!result || result.setId !== set.id) throw resultNotFound();
    await q.updateResult(tx, result.id, {
      runResult: body.matchRunResult,
      isOverridden: body.matchRunResult !== result.engineResult,
      bioPetNotes: body.bioPetNotes,
    });
    await settle(tx, set.id);
    if (body.matchRunResult !== 'Certified')
      await closeCertificates(
        tx,
        { kind: 'ProofOfParentage', subjectKey: `result:${result.id}` },
        'Revoked',
        `The parentage result was overridden to ${body.matchRunResult}.`,
      );
    await writeAudit(tx, ctx, {
      entityType: 'ParentageMatchResult',
      entityId: result.id,
      actionType: 'Override',
      before: { runResult: result.runResult, bioPetNotes: result.bioPetNotes },
      after: { runResult: body.matchRunResult, bioPetNotes: body.bioPetNotes },
    });
    return setView(tx, (await q.findSet(tx, set.id))!, puppy);
  });
}

export async function updateNotes(ctx: SignedInContext, setId: number, resultId: number, notes: string | null) {
  assertCan(ctx, 'parentage.override');
  return withTransaction(ctx, async (tx) => {
    const { set } = await loadSet(ctx, setId, tx, true);
    const result = await q.findResult(tx, resultId);
    if (!result || result.setId !== set.id) throw resultNotFound();
    const text = notes?.trim() ? notes.trim() : null;
    await q.updateResult(tx, result.id, { bioPetNotes: text });
    await writeAudit(tx, ctx, {
      entityType: 'ParentageMatchResult',
      entityId: result.id,
      actionType: 'Update',
      before: { bioPetNotes: result.bioPetNotes },
      after: { bioPetNotes: text },
    });
    return { message: PARENTAGE_MESSAGES.notesUpdated };
  });
}

export async function deleteResult(ctx: SignedInContext, setId: number, resultId: number) {
  assertCan(ctx, 'parentage.override');
  return withTransaction(ctx, async (tx) => {
    const { set } = await loadSet(ctx, setId, tx, true);
    const result = await q.findResult(tx, resultId);
    if (!result || result.setId !== set.id) throw resultNotFound();
    await q.deleteResult(tx, result.id);
    await settle(tx, set.id);
    await closeCertificates(
      tx,
      { kind: 'ProofOfParentage', subjectKey: `result:${result.id}` },
      'Revoked',
      'The parentage result was deleted.',
    );
    await writeAudit(tx, ctx, {
      entityType: 'ParentageMatchResult',
      entityId: result.id,
      actionType: 'Delete',
      before: { runResult: result.runResult, dam: result.damSampleNumber, sire: result.sireSampleNumber },
    });
    return { message: PARENTAGE_MESSAGES.resultDeleted };
  });
}

/**
 * The result a certificate shows, with its set and puppy: the dog's best Certified result, or the result asked for. A
 * dog or result outside the caller's scope answers as a missing one; only provider staff pick a result other than the
 * best Certified one (the others get the one the set stands by).
 */
export async function certificateResult(ctx: SignedInContext, query: { petId?: number; parentageResultId?: number }) {
  assertCan(ctx, 'parentage.certificate');
  let resultId = query.parentageResultId;
  let found: { set: q.SetRecord; puppy: q.PetRecord } | undefined;
  if (resultId === undefined) {
    const puppy = await q.petByIdFor(ctx.db, ctx.caller, query.petId!);
    if (!puppy) throw petNotFound();
    const set = await q.findSetOfPuppy(ctx.db, puppy.id);
    resultId = set ? (certificateResultIdOf(set) ?? undefined) : undefined;
    if (!set || resultId === undefined)
      throw refused(PARENTAGE_MESSAGES.noCertifiedResult(puppy.sampleNumber ?? puppy.name));
    found = { set, puppy };
  }
  const result = await q.findResult(ctx.db, resultId);
  if (!result) throw resultNotFound();
  if (!found) {
    const set = await q.findSet(ctx.db, result.setId);
    const puppy = set ? await q.petByIdFor(ctx.db, ctx.caller, set.puppyPetId) : undefined;
    if (!set || !puppy || (query.petId !== undefined && puppy.id !== query.petId)) throw resultNotFound();
    found = { set, puppy };
  }
  if (result.runResult !== 'Certified') throw refused(PARENTAGE_MESSAGES.notCertified);
  if (result.id !== certificateResultIdOf(found.set) && !ctx.caller.isProviderStaff)
    throw forbidden(PARENTAGE_MESSAGES.onlyStaffPickResult);
  return { result, ...found };
}
