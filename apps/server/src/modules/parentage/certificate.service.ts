// The proof-of-parentage certificate (spec 3 §4 "Pets": needs isParentageCertified, whatever products the dog has), in
// the shared document layout: the puppy, dam and sire with their sexes and owners' names, the verdict, the combined
// paternity index to three significant figures, the probabilities of parentage (prior 0.5) and exclusion as
// percentages that never reach 100 %, the tested and failed markers, the marker table, and the analyst who ran it.
import { Gender } from '@registry/contracts';
import type { SignedInContext } from '../../platform/context.ts';
import { dateInWords, renderDocument } from '../../platform/pdf.ts';
import { documentOptions, issueCertificate, signatoryFor } from '../certificates/certificates.service.ts';
import { cappedPercent, threeSignificant } from '../certificates/wording.ts';
import { certificateResult } from './parentage.service.ts';
import * as q from './parentage.queries.ts';

const SEX: Record<number, string> = { [Gender.Male]: 'male', [Gender.Female]: 'female' };
const MARKER_RESULT: Record<string, string> = { Pass: 'Consistent', Fail: 'Inconsistent', Skip: 'Not tested' };

/** The figures in words: the index to three significant figures, probabilities never printed as 100 %. */
export function parentageFigures(cpi: number | null, exclusion: number | null): [string, string][] {
  const rows: [string, string][] = [];
  if (cpi !== null && cpi > 0) {
    rows.push(['Combined paternity index', threeSignificant(cpi)]);
    rows.push(['Probability of parentage (prior 0.5)', cappedPercent(cpi / (cpi + 1))]);
  }
  if (exclusion !== null) rows.push(['Probability of exclusion', cappedPercent(exclusion)]);
  return rows;
}

/** The certificate of the dog's best Certified result, or of the Certified result staff pick (certificateResult). */
export async function parentageCertificate(
  ctx: SignedInContext,
  query: { petId?: number; parentageResultId?: number },
) {
  const { result, puppy } = await certificateResult(ctx, query);
  const dogs = await q.petsBySampleNumbers(ctx.db, [result.damSampleNumber, result.sireSampleNumber]);
  const byNumber = new Map(dogs.map((d) => [d.sampleNumber?.toUpperCase(), d]));
  const owners = await q.ownerNames(
    ctx.db,
    [puppy.petOwnerId, ...dogs.map((d) => d.ownerId)].filter((x): x is number => x !== null),
  );
  const describe = (
    sampleNumber: string,
    dog: { name: string; gender: number | null; ownerId: number | null } | undefined,
    role: string,
  ) => {
    if (!dog) return `Not registered (${sampleNumber}), ${role}`;
    const owner = dog.ownerId ? owners.get(dog.ownerId) : null;
    return `${dog.name} (${sampleNumber}), ${SEX[dog.gender ?? 0] ?? 'sex not recorded'}${owner ? `; owner ${owner}` : ''}`;
  };
  const dam = byNumber.get(result.damSampleNumber);
  const sire = byNumber.get(result.sireSampleNumber);
  const signatory = await signatoryFor(ctx, result.executedBy, result.dateCreated);
  const options = await documentOptions(ctx, { title: 'Proof of Parentage Certificate', subtitle: puppy.name });
  const certificate = await issueCertificate(ctx, {
    kind: 'ProofOfParentage',
    subjectKey: `result:${result.id}`,
    sampleNumber: result.puppySampleNumber,
    dogName: puppy.name,
    resultText: `Parentage certified: dam ${dam?.name ?? result.damSampleNumber}, sire ${sire?.name ?? result.sireSampleNumber}`,
    issuer: options.lab.name,
    signatoryName: signatory?.name ?? (result.executedByName || null),
  });
  const failed = result.markers.filter((m) => m.result === 'Fail').map((m) => m.marker);
  const skipped = result.markers.filter((m) => m.result === 'Skip').map((m) => m.marker);
  const content = await renderDocument({ ...options, certificate }, (layout) => {
    layout.keyValues([
      ['Puppy', describe(result.puppySampleNumber, { ...puppy, ownerId: puppy.petOwnerId }, 'puppy')],
      ['Dam', describe(result.damSampleNumber, dam, 'dam')],
      ['Sire', describe(result.sireSampleNumber, sire, 'sire')],
      ['Date tested', dateInWords(result.dateCreated, ctx.config.labTimeZone)],
    ]);
    layout.statement(
      `Verdict: ${result.runResult}. The dam and sire named above qualify as the parents of ${puppy.name} on ` +
        `${result.testedMarkers} tested markers.`,
    );
    layout.keyValues(
      [
        ...parentageFigures(result.combinedPaternityIndex, result.probabilityOfExclusion),
        ['Markers tested', String(result.testedMarkers)],
        [
          'Markers failed',
          `${result.failedMarkers}${failed.length ? ` (${failed.join(', ')})` : ''}${skipped.length ? `; not tested: ${skipped.join(', ')}` : ''}`,
        ],
      ],
      2,
    );
    if (result.possibleMutation)
      layout.paragraph('Note: one marker is consistent with a possible mutation; it does not exclude the parents.');
    layout.table(
      [
        { label: 'Marker', width: 120 },
        { label: 'Dam', width: 100 },
        { label: 'Sire', width: 100 },
        { label: 'Puppy', width: 100 },
        { label: 'Result', width: 112 },
      ],
      result.markers.map((m) => [
        m.marker,
        m.dam || '-',
        m.sire || '-',
        m.puppy || '-',
        MARKER_RESULT[m.result] ?? m.result,
      ]),
      12,
    );
    layout.signatory(
      signatory ??
        (result.executedByName
          ? { name: result.executedByName, title: null, signature: null, approvedAt: result.dateCreated }
          : null),
      options.lab.name,
    );
  });
  return { content, fileName: `ProofOfParentage_${result.puppySampleNumber}.pdf` };
}
