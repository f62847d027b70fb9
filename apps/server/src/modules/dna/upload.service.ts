// GeneMapper upload (spec 3 §3, §5): parse and validate the plate with the engine, check the controls unless overridden,
// and store the plate, its file and one DNA profile per sample in one transaction; a refused upload stores nothing.
import {
  PanelValidationResult,
  SampleKind,
  importGeneMapperPlate,
  isGenderMismatch,
  type SampleProfile,
} from '@registry/genetics';
import type { z } from 'zod';
import {
  CustodyEvent,
  DnaProfileLabStatus,
  Gender,
  SampleCustomerStatus,
  SampleType,
  plateUploadModel,
} from '@registry/contracts';
import { writeAudit } from '../../platform/audit.ts';
import { withTransaction, type SignedInContext } from '../../platform/context.ts';
import { recordCustodyEvents, type CustodyRecord } from '../../platform/custody.ts';
import { validationError } from '../../platform/errors.ts';
import { filesStoreFor } from '../../platform/files.ts';
import { assertCan } from '../../platform/rights.ts';
import * as q from './dna.queries.ts';
import { differingMarkers, findPanel, missingMarkers, panels, profileFromCodes } from './panels.ts';
import {
  contentHashOf,
  controlVerdict,
  duplicateFileError,
  positiveControlReference,
  refuseDuplicateContent,
  refuseOtherSpecies,
  violatedConstraint,
} from './upload-checks.ts';
import { knownPets, knownWasteSampleNumbers, type KnownPet } from './sample-lookup.ts';
import { petSampleStore } from '../pets/pet-sample-store.ts';
import { setSampleStatuses } from '../samples/samples.service.ts';

const UPLOAD_FAILED = 'Upload Failed';
const GENDER_NAMES: Record<number, string> = { [Gender.Male]: 'male', [Gender.Female]: 'female' };

export type PlateFile = { content: Buffer; fileName: string };

export async function uploadPlate(ctx: SignedInContext, model: z.output<typeof plateUploadModel>, file: PlateFile) {
  assertCan(ctx, 'dna.manage');
  const panel = await findPanel(ctx.db, model.panelId);
  const reference = await positiveControlReference(ctx.db, panel);
  const imported = importGeneMapperPlate(new Uint8Array(file.content), panel, {
    hasPositiveControl: model.hasPositiveControl,
    hasNegativeControl: model.hasNegativeControl,
    overrideControlsValidation: model.overrideControlsValidation,
    otherPanels: panels.list(),
    ...(reference ? { positiveControlProfile: reference } : {}),
  });
  if (!imported.ok)
    throw validationError({ file: imported.errors.map((e) => `Line ${e.line}: ${e.message}`) }, UPLOAD_FAILED);
  const plate = imported.plate;
  refuseOtherSpecies(plate);
  // After the file's own problems (a file no panel reads is refused for that), before the controls: a plate stored
  // once under an override is named as the earlier plate rather than refused again for its controls.
  const contentHash = contentHashOf(file.content);
  await refuseDuplicateContent(ctx.db, contentHash);
  const controls = controlVerdict(plate, reference, model.overrideControlsValidation);
  const controlProblems = controls.problems;
  if (!controls.accepted) throw validationError({ controls: controlProblems }, UPLOAD_FAILED);

  const plateName = model.plateName || file.fileName.replace(/\.[^.]*$/, '') || file.fileName;
  if (await q.plateNameTaken(ctx.db, plateName))
    throw validationError({ plateName: [`A plate named '${plateName}' was already uploaded.`] }, UPLOAD_FAILED);

  const samples = plate.profiles.filter((s) => s.sampleNumber);
  const numbers = samples.map((s) => s.sampleNumber!.toUpperCase());
  const pets = await knownPets(ctx.db, numbers);
  const waste = await knownWasteSampleNumbers(ctx.db, numbers);
  const earlier = new Map(
    (await q.approvedProfilesOfSamples(ctx.db, numbers, panel.id)).map((r) => [
      r.sampleNumber,
      profileFromCodes(panel, r.labSavedCodes ?? r.codes),
    ]),
  );

  const badSampleNumbers = [
    ...plate.unknownSamples.map((s) => s.sampleName),
    ...numbers.filter((n) => !pets.has(n) && !waste.has(n)),
  ];
  const mismatchedGenderSampleNumbers: string[] = [];
  const flaggedSampleNumbers: string[] = [];
  const rows = samples.map((s) => {
    const sampleNumber = s.sampleNumber!.toUpperCase();
    const pet = pets.get(sampleNumber);
    const genderMismatch = pet ? isGenderMismatch(GENDER_NAMES[pet.gender] ?? null, s.sex) : false;
    if (genderMismatch) mismatchedGenderSampleNumbers.push(sampleNumber);
    if (pet?.isFlagged) flaggedSampleNumbers.push(sampleNumber);
    const row = profileRow(s, sampleNumber, earlier.get(sampleNumber), {
      isFlagged: pet?.isFlagged ?? false,
      isGenderMismatch: genderMismatch,
    });
    // A verification test's second swab: its row has lab status Verification (spec 1 §3).
    return pet && IN_VERIFICATION.includes(pet.customerFacingStatus)
      ? { ...row, labStatus: DnaProfileLabStatus.Verification }
      : row;
  });

  const files = filesStoreFor(ctx.config);
  const filePath = await files.put(file.content, 'text/plain');
  try {
    return await withTransaction(ctx, async (tx, txCtx) => {
      const stored = await q.insertPlate(tx, {
        plateName,
        fileName: file.fileName,
        filePath,
        contentHash,
        panelId: panel.id,
        plateSize: plate.plateSize,
        layout: plate.layout,
        controlsPassed: controls.passed,
        controlsOverridden: controls.overridden,
        controlProblems,
        wells: [...plate.controlSamples, ...plate.unknownSamples, ...plate.profiles].flatMap((s) =>
          s.wells.map((well) => ({ well, sampleName: s.sampleName, kind: s.kind })),
        ),
        createdBy: ctx.caller.userId,
        createdByName: ctx.caller.userName,
      });
      const inserted = await q.insertProfiles(
        tx,
        rows.map((r) => ({ ...r, plateId: stored.id })),
      );
      await receivePetSamples(txCtx, [...pets.values()]);
      await recordCustodyEvents(tx, txCtx, wasteCustody(plateName, rows, inserted, waste));
      await writeAudit(tx, ctx, {
        entityType: 'DnaPlate',
        entityId: stored.id,
        actionType: 'Create',
        after: {
          plateName,
          fileName: file.fileName,
          panelId: panel.id,
          profiles: inserted.length,
          controlsPassed: controls.passed,
          controlsOverridden: controls.overridden,
        },
      });
      return {
        plateId: stored.id,
        plateName,
        profileCount: inserted.length,
        badSampleNumbers,
        mismatchedGenderSampleNumbers,
        flaggedSampleNumbers,
        controlsPassed: controls.passed,
        controlProblems,
      };
    });
  } catch (error) {
    await files.delete(filePath);
    // A concurrent upload of the same file committed first: the same 400 as when it is found before.
    if (violatedConstraint(error) === 'dna_plates_content_hash_key') {
      const earlier = await q.plateByContentHash(ctx.db, contentHash);
      if (earlier) throw duplicateFileError(earlier);
    }
    if (violatedConstraint(error) === 'dna_plates_plate_name_key')
      throw validationError({ plateName: [`A plate named '${plateName}' was already uploaded.`] }, UPLOAD_FAILED);
    throw error;
  }
}

/**
 * The custody of the plate's waste samples (issue 40): each one plated (plate and well) and typed (the profile this
 * upload created from the GeneMapper file, with its validation result), in the upload's transaction.
 */
function wasteCustody(
  plateName: string,
  rows: { sampleNumber: string; well?: string | null; result: string }[],
  inserted: { id: number; sampleNumber: string }[],
  waste: Set<string>,
): CustodyRecord[] {
  const profileOf = new Map(inserted.map((profile) => [profile.sampleNumber, profile.id]));
  return rows.flatMap((row): CustodyRecord[] => {
    if (!waste.has(row.sampleNumber)) return [];
    return [
      {
        sampleNumber: row.sampleNumber,
        event: CustodyEvent.Plated,
        details: { plate: plateName, well: row.well ?? null },
      },
      {
        sampleNumber: row.sampleNumber,
        event: CustodyEvent.Typed,
        details: { plate: plateName, profile: profileOf.get(row.sampleNumber) ?? null, result: row.result },
      },
    ];
  });
}

const S = SampleCustomerStatus;
const IN_VERIFICATION: number[] = [S.VerificationTestRequested, S.VerificationTestReceived];
/** A pet sample typed on a plate has reached the lab: its status moves to the matching "received" one. */
const RECEIVED: Partial<Record<number, SampleCustomerStatus>> = {
  [S.ProfileCreated]: S.DnaSampleReceived,
  [S.ReswabRequested]: S.ReswabReceived,
  [S.VerificationTestRequested]: S.VerificationTestReceived,
};

/** A parentage pet's new swab after a reswab is its second swab: Processing2ndSwab (ParentageProcessingSecondSwab). */
const receivedStatus = (pet: KnownPet) =>
  pet.customerFacingStatus === S.ReswabRequested && pet.inParentageGroup
    ? S.Processing2ndSwab
    : RECEIVED[pet.customerFacingStatus];

/**
 * Moves the plate's pets to their "received" status set-based: the pets grouped by target status, each group one
 * update of the rows, one multi-row insert of the history and of the audit (a 96-well plate of 60 pets was 60 rounds
 * of four statements each: 1.3 to 7.7 s).
 */
async function receivePetSamples(ctx: SignedInContext, pets: KnownPet[]) {
  const byStatus = new Map<SampleCustomerStatus, KnownPet[]>();
  for (const pet of pets) {
    const to = receivedStatus(pet);
    if (to === undefined || to === pet.customerFacingStatus) continue;
    const group = byStatus.get(to) ?? [];
    group.push(pet);
    byStatus.set(to, group);
  }
  for (const [to, group] of byStatus)
    await setSampleStatuses(
      ctx,
      petSampleStore,
      group.map((pet) => ({
        id: pet.id,
        sampleNumber: pet.sampleNumber,
        customerFacingStatus: pet.customerFacingStatus,
        isFlagged: pet.isFlagged,
      })),
      to,
      'dnaPlateUploaded',
    );
}

/** One stored row for a sample; a profile typed before (approved) that disagrees fails AggregatedMarkersDiffer. */
function profileRow(
  s: SampleProfile,
  sampleNumber: string,
  earlier: ReturnType<typeof profileFromCodes> | undefined,
  flags: { isFlagged: boolean; isGenderMismatch: boolean },
): Omit<q.NewProfile, 'plateId'> {
  const failReasons: string[] = [...s.failReasons];
  const diffed = [...s.differingMarkers];
  if (earlier) {
    const disagree = differingMarkers(s.profile, earlier);
    if (disagree.length) {
      if (!failReasons.includes('AggregatedMarkersDiffer')) failReasons.push('AggregatedMarkersDiffer');
      for (const m of disagree) if (!diffed.includes(m)) diffed.push(m);
    }
  }
  const result = failReasons.length ? PanelValidationResult.Fail : s.result;
  return {
    sampleNumber,
    sampleType: s.kind === SampleKind.WasteSample ? SampleType.WasteSample : SampleType.Pet,
    panelId: s.profile.panel.id,
    codes: Array.from(s.profile.codes),
    result,
    failReasons,
    pendingReasons: s.pendingReasons,
    diffedMarkers: diffed,
    missingMarkers: missingMarkers(s.profile),
    well: s.wells[0] ?? null,
    sex: s.sex,
    isFlagged: flags.isFlagged,
    isGenderMismatch: flags.isGenderMismatch,
  };
}
