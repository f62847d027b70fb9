// The match certificate (/pdfdownload/getpooprintsresultcertificate) and the result email to the property's primary
// admin. The certificate, in the shared document layout, is addressed to the group's certification recipient (the
// property or its distributor) with the group's certificate customization and logo: the sample numbers and dates, the
// dog and its owner's name, the statistic in words with its basis, the marker table with dropout and not-compared
// markers marked, the sex by DNA beside the recorded sex, the custody summary when the sample was collected with the
// phone app (issue 40), and the approving analyst as signatory. Its first issue is the sample's custody event.
import {
  CustodyEvent,
  Gender,
  PooPrintsCertificationRecipient,
  WASTE_RESULT_MESSAGES as M,
  collectionDateText,
} from '@registry/contracts';
import { MarkerComparison, compareWasteWithDog, matchStatistics, profileEntries, profileSex } from '@registry/genetics';
import type { SignedInContext } from '../../platform/context.ts';
import { recordCustody } from '../../platform/custody.ts';
import { refused } from '../../platform/errors.ts';
import { renderDocument, dateTimeWithZone } from '../../platform/pdf.ts';
import { assertCan } from '../../platform/rights.ts';
import * as certificates from '../certificates/certificates.queries.ts';
import { documentOptions, issueCertificate, readStored, signatoryFor } from '../certificates/certificates.service.ts';
import { matchProbabilitySentence, statisticBasis } from '../certificates/wording.ts';
import { custodySummary } from '../fieldcollection/evidence.service.ts';
import { panels, profileFromCodes } from '../dna/panels.ts';
import { currentIndex } from '../dna/registry-index.ts';
import { isLetterResult, queueResultLetter } from './result-letters.service.ts';
import { loadSetInScope } from './wasteresults.service.ts';
import * as q from './wasteresults.queries.ts';

async function approvedOf(ctx: SignedInContext, id: number) {
  const set = await loadSetInScope(ctx, id);
  const result = set.currentlyApprovedResultId ? await q.findResult(ctx.db, set.currentlyApprovedResultId) : null;
  if (!result) throw refused(M.noApprovedResult);
  return { set, result };
}

const SEX: Record<number, string> = { [Gender.Male]: 'Male', [Gender.Female]: 'Female' };
const COMPARISON_TEXT: Record<string, string> = {
  [MarkerComparison.Match]: 'Match',
  [MarkerComparison.DropoutConsistent]: 'Consistent: one allele detected',
  [MarkerComparison.Mismatch]: 'Differs (left out of the statistic)',
  [MarkerComparison.NotCompared]: 'Not compared: no call',
  [MarkerComparison.NotComparedOffLadder]: 'Not compared: off-ladder',
};

/** The waste and dog profiles compared, the statistic over them and the frequency database's size. */
async function comparisonOf(ctx: SignedInContext, set: q.SetContext, dogProfileId: number | null) {
  const panel = set.panelId ? panels.get(set.panelId) : undefined;
  if (!panel || !set.codes) return null;
  const waste = profileFromCodes(panel, set.codes);
  const stored = await certificates.profileCodes(ctx.db, dogProfileId);
  const dog = stored?.panelId === panel.id ? profileFromCodes(panel, stored.labSavedCodes ?? stored.codes) : null;
  if (!dog) return { panel, waste, dog: null, stats: null, databaseSize: 0, markers: null };
  const { index } = await currentIndex(ctx, panel);
  const databaseSize = Math.max(1, index.size);
  const stats = matchStatistics(waste, dog, index.alleleFrequencies(), { registrySize: databaseSize });
  const markers = new Map(compareWasteWithDog(waste, dog).markers.map((m) => [m.marker, m.result as string]));
  return { panel, waste, dog, stats, databaseSize, markers };
}

export async function certificatePdf(ctx: SignedInContext, resultSetId: number) {
  assertCan(ctx, 'wasteResult.view');
  const { set, result } = await approvedOf(ctx, resultSetId);
  const group = set.propertyId ? await certificates.propertyCertificateSettings(ctx.db, set.propertyId) : null;
  const recipient =
    group?.certificationRecipient === PooPrintsCertificationRecipient.Distributor && group.distributorName
      ? group.distributorName
      : (group?.name ?? set.propertyName ?? '-');
  const groupLogo = group?.certificateShowLogo && group.logoPath ? await readStored(ctx, group.logoPath) : null;
  const dog = result.matchedPetId ? await certificates.dogOf(ctx.db, result.matchedPetId) : null;
  const isMatch = result.status === 'Match' && !!result.matchedSampleNumber;
  const compared = await comparisonOf(ctx, set, isMatch ? result.matchedPetDnaProfileId : null);
  const approverId =
    (await certificates.approverOf(ctx.db, {
      entityType: 'WasteMatchResult',
      actionType: 'Approve',
      id: result.id,
      listKey: 'resultIds',
    })) ?? result.createdById;
  const signatory = await signatoryFor(ctx, approverId, result.dateApproved);
  // The analyst who set an overridden result (who ran it), named beside the note.
  const overrider = result.isAnalystOverride ? await signatoryFor(ctx, result.createdById, null) : null;
  const options = await documentOptions(ctx, {
    title: group?.certificateTitle ?? (isMatch ? 'DNA Match Certificate' : 'DNA Test Result Certificate'),
    subtitle: `Prepared for: ${recipient}`,
    groupLogo,
    footer: group?.certificateFooterText ?? null,
  });
  const dogNumber = result.sampleNumberOverride ?? result.matchedSampleNumber;
  const certificate = await issueCertificate(
    ctx,
    {
      kind: 'MatchCertificate',
      subjectKey: `result:${result.id}`,
      sampleNumber: set.sampleNumber,
      dogName: isMatch ? (dog?.name ?? null) : null,
      resultText: isMatch ? `Match: dog ${dog?.name ?? '-'} (${dogNumber})` : result.status,
      issuer: options.lab.name,
      signatoryName: signatory?.name ?? null,
    },
    (txCtx, issued) =>
      recordCustody(txCtx.db, txCtx, set.sampleNumber, CustodyEvent.CertificateIssued, {
        certificate: issued.number,
        result: result.status,
      }),
  );
  const custody = await custodySummary(ctx, set.wasteSampleId);
  const tz = ctx.config.labTimeZone;
  const content = await renderDocument({ ...options, certificate }, (layout) => {
    layout.keyValues(
      [
        ['Property', set.propertyName],
        ['Result', result.status],
        ['Waste sample', set.sampleNumber],
        ['Date collected', collectionDateText(set.dateCollected) || null],
        ['Date tested', dateTimeWithZone(result.dateCreated, tz)],
        ['Date approved', result.dateApproved ? dateTimeWithZone(result.dateApproved, tz) : null],
        ...(isMatch
          ? ([
              ['Dog', `${dog?.name ?? '-'} (${dogNumber})`],
              ['Owner', dog?.ownerName ?? null],
            ] as [string, string | null][])
          : []),
      ],
      2,
    );
    const notes = [
      result.isAdjacentPropertyMatch ? 'The dog is registered on an adjacent property (APA).' : null,
      result.isMoveOut ? 'The dog’s owner has moved out (Move Out).' : null,
    ].filter((n): n is string => !!n);
    for (const note of notes) layout.paragraph(`Note: ${note}`);
    if (custody) layout.heading('Chain of custody').keyValuesBeside(custody.rows, custody.thumbnail);
    if (result.isAnalystOverride) {
      const analyst = overrider?.name ? ` ${overrider.name}` : '';
      layout.paragraph(
        `Confirmed by the analyst${analyst} on ${dateTimeWithZone(result.dateCreated, tz)}: the result was set by the ` +
          'lab, not by the automatic comparison.' +
          (result.bioPetNotes ? ` Analyst notes: ${result.bioPetNotes}` : ''),
      );
      if (result.disagreeingMarkers?.length)
        layout.paragraph(`Markers that disagree (left out of the statistic): ${result.disagreeingMarkers.join(', ')}`);
    }
    if (isMatch && compared?.stats) {
      layout.statement(matchProbabilitySentence(compared.stats));
      const basis = statisticBasis(compared.stats, compared.databaseSize, compared.panel.typingMarkers.length);
      layout.keyValues(basis.wide).keyValues(basis.pairs, 2);
    }
    if (compared) {
      const dogEntries = compared.dog ? new Map(profileEntries(compared.dog).map((e) => [e.marker, e])) : null;
      const rows = profileEntries(compared.waste)
        .filter((e) => compared.panel.typingMarkers.some((m) => compared.panel.markers[m].name === e.marker))
        .map((e) => {
          const d = dogEntries?.get(e.marker);
          const pair = (a: string, b: string) => (a || b ? `${a || '-'} / ${b || '-'}` : 'no call');
          return [
            e.marker,
            pair(e.alleleA, e.alleleB),
            d ? pair(d.alleleA, d.alleleB) : '-',
            compared.markers ? (COMPARISON_TEXT[compared.markers.get(e.marker) ?? ''] ?? '-') : '-',
          ];
        });
      layout.table(
        [
          { label: 'Marker', width: 110 },
          { label: `Waste sample ${set.sampleNumber}`, width: 125 },
          { label: compared.dog ? `Dog ${dogNumber}` : 'Dog', width: 125 },
          { label: 'Comparison', width: 172 },
        ],
        rows,
        12,
      );
      const sexByDna = profileSex(compared.waste);
      const recorded = isMatch && dog ? (SEX[dog.gender ?? 0] ?? 'Unknown') : null;
      const differs = recorded && sexByDna !== 'Unknown' && recorded !== 'Unknown' && recorded !== sexByDna;
      layout.keyValues(
        [
          ['Sex by DNA (waste sample)', sexByDna],
          ...(recorded ? ([['Recorded sex of the dog', recorded]] as [string, string][]) : []),
        ],
        2,
      );
      if (differs)
        layout.paragraph(
          `Note: the sex by DNA (${sexByDna}) differs from the dog’s recorded sex (${recorded}); the lab should check the dog’s record.`,
          { bold: true },
        );
    }
    layout.signatory(signatory, options.lab.name);
    if (group?.certificateSignatureName)
      layout.paragraph(`Certified for ${recipient}: ${group.certificateSignatureName}`);
  });
  return {
    content,
    fileName: `match-certificate-${set.sampleNumber}.pdf`,
    certificate: { number: certificate.number, verifyUrl: certificate.verifyUrl },
  };
}

/**
 * Emails the approved result of a set to its property's primary admin (POST /email/postsendmatchresultemailtoprimaryadmin):
 * the result letter of its type (Match, NoMatch, NonCanine, Fail) through its email event, which writes the email log.
 */
export async function emailResultToPrimaryAdmin(ctx: SignedInContext, resultSetId: number) {
  assertCan(ctx, 'wasteResult.email');
  const { set, result } = await approvedOf(ctx, resultSetId);
  if (!isLetterResult(result.status)) throw refused(M.noResultLetter);
  let failed: string | null = null;
  const admin = await queueResultLetter(ctx, set, result, {
    onSent: (sent) => {
      if (!sent.wasSuccessful) failed = sent.errorMessage ?? 'The email could not be sent.';
    },
  });
  if (!admin) throw refused(M.noPrimaryAdmin);
  if (failed) throw refused(failed);
  return { message: `The match result was emailed to ${admin.firstName} ${admin.lastName}.` };
}
