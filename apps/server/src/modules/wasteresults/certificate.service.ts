// The match certificate (/pdfdownload/getpooprintsresultcertificate) and the result email to the property's primary
// admin. The certificate is addressed to the group's certification recipient (the property or its distributor) with the
// group's certificate customization and logo, the sample numbers and dates, the dog and its owner, the marker table and
// the statistic in words. (pdfkit directly; the lead may move it onto the shared PDF layout later.)
import { loadPdfKit } from '../../platform/on-demand-libraries.ts';
import { sql } from 'drizzle-orm';
import {
  PooPrintsCertificationRecipient,
  WASTE_RESULT_MESSAGES as M,
  collectionDateText,
  markerNotComparedReason,
} from '@registry/contracts';
import { queryRows } from '../../db/client.ts';
import type { SignedInContext } from '../../platform/context.ts';
import { refused } from '../../platform/errors.ts';
import { filesStoreFor } from '../../platform/files.ts';
import { assertCan } from '../../platform/rights.ts';
import { dogAndOwner, isLetterResult, queueResultLetter } from './result-letters.ts';
import { loadSetInScope } from './wasteresults.service.ts';
import * as q from './wasteresults.queries.ts';

type GroupRow = {
  id: number;
  name: string;
  certificationRecipient: number;
  certificateTitle: string | null;
  certificateSignatureName: string | null;
  certificateFooterText: string | null;
  certificateShowLogo: boolean;
  logoPath: string | null;
  distributorName: string | null;
};

async function certificateGroup(ctx: SignedInContext, propertyId: number): Promise<GroupRow | null> {
  const rows = await queryRows<GroupRow>(
    ctx.db,
    sql`select p.id, p.name, p.certification_recipient as "certificationRecipient", p.certificate_title as "certificateTitle",
          p.certificate_signature_name as "certificateSignatureName", p.certificate_footer_text as "certificateFooterText",
          p.certificate_show_logo as "certificateShowLogo", p.logo_path as "logoPath",
          (select d.name from groups d where p.path like d.path || '%' and d.group_type = 2 order by length(d.path) desc limit 1) as "distributorName"
        from groups p where p.id = ${propertyId}`,
  );
  return rows[0] ?? null;
}

async function approvedOf(ctx: SignedInContext, id: number) {
  const set = await loadSetInScope(ctx, id);
  const result = set.currentlyApprovedResultId ? await q.findResult(ctx.db, set.currentlyApprovedResultId) : null;
  if (!result) throw refused(M.noApprovedResult);
  return { set, result };
}

async function analystName(ctx: SignedInContext, userId: number | null) {
  if (userId === null) return null;
  const [row] = await queryRows<{ name: string }>(
    ctx.db,
    sql`select trim(first_name || ' ' || last_name) as name from users where id = ${userId}`,
  );
  return row?.name || null;
}

const date = (d: Date | string | null) => (d ? new Date(d).toLocaleDateString('en-US', { timeZone: 'UTC' }) : '-');

export async function certificatePdf(ctx: SignedInContext, resultSetId: number) {
  assertCan(ctx, 'wasteResult.view');
  const { set, result } = await approvedOf(ctx, resultSetId);
  const group = set.propertyId ? await certificateGroup(ctx, set.propertyId) : null;
  const recipient =
    group?.certificationRecipient === PooPrintsCertificationRecipient.Distributor && group.distributorName
      ? group.distributorName
      : (group?.name ?? set.propertyName ?? '-');
  const logo =
    group?.certificateShowLogo && group.logoPath ? await filesStoreFor(ctx.config).read(group.logoPath) : null;

  const doc = new (await loadPdfKit())({
    size: 'LETTER',
    margin: 54,
    info: { Title: 'Match Certificate', Author: ctx.config.brandName },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  if (logo) {
    try {
      doc.image(logo, { fit: [120, 60] }).moveDown();
    } catch {
      // A logo pdfkit cannot read (not PNG or JPEG) is left out.
    }
  }
  doc
    .font('Helvetica-Bold')
    .fontSize(18)
    .text(group?.certificateTitle ?? 'DNA Match Certificate');
  doc.font('Helvetica').fontSize(10).text(ctx.config.brandName).moveDown();
  doc.font('Helvetica-Bold').fontSize(12).text(`Prepared for: ${recipient}`);
  doc.font('Helvetica').fontSize(11);
  doc.text(`Property: ${set.propertyName ?? '-'}`);
  doc.text(`Waste sample: ${set.sampleNumber}`);
  doc.text(`Date collected: ${collectionDateText(set.dateCollected) || '-'}`);
  doc.text(`Result: ${result.status}`);
  doc.text(`Date tested: ${date(result.dateCreated)}    Date approved: ${date(result.dateApproved)}`);
  if (result.matchedSampleNumber) {
    const dog = await dogAndOwner(ctx.db, result.matchedPetId);
    doc.text(`Dog: ${dog?.petName ?? '-'} (${result.sampleNumberOverride ?? result.matchedSampleNumber})`);
    doc.text(`Owner: ${dog?.ownerName ?? '-'}`);
    if (result.isAdjacentPropertyMatch) doc.text('Note: the dog is registered on an adjacent property (APA).');
    if (result.isMoveOut) doc.text('Note: the dog’s owner has moved out (Move Out).');
  }
  if (result.isAnalystOverride) {
    const analyst = await analystName(ctx, result.createdById);
    doc.text(
      `Confirmed by the analyst${analyst ? ` ${analyst}` : ''} on ${date(result.dateCreated)}: the result was set by the lab, not by the automatic comparison.`,
    );
    if (result.bioPetNotes) doc.text(`Analyst notes: ${result.bioPetNotes}`);
    if (result.disagreeingMarkers?.length)
      doc.text(`Markers that disagree (left out of the statistic): ${result.disagreeingMarkers.join(', ')}`);
  }
  doc.moveDown();
  if (result.oneInText)
    doc.font('Helvetica-Bold').text(`The chance that an unrelated dog has this profile is ${result.oneInText}.`);
  const dog = result.comparison.petDnaProfiles[0]?.genotypes ?? [];
  const reasonOf = (key: string) =>
    dog.length
      ? markerNotComparedReason(
          result.comparison.wasteDnaProfile.find((x) => x.key === key),
          dog.find((x) => x.key === key),
        )
      : null;
  const offLadder = result.comparison.wasteDnaProfile.filter((g) => reasonOf(g.key) === 'off-ladder');
  if (offLadder.length)
    doc
      .font('Helvetica')
      .fontSize(10)
      .text(`Markers not compared (off-ladder): ${offLadder.map((g) => g.key).join(', ')}`);
  doc.moveDown().font('Helvetica-Bold').fontSize(10).text('Marker table');
  doc.font('Helvetica').fontSize(9);
  for (const g of result.comparison.wasteDnaProfile) {
    const d = dog.find((x) => x.key === g.key);
    const waste = `${g.alleleAValue || '-'} / ${g.alleleBValue || '-'}`;
    const reason = reasonOf(g.key);
    doc.text(
      `${g.key.padEnd(12)}  waste ${waste.padEnd(14)}  dog ${d ? `${d.alleleAValue} / ${d.alleleBValue}` : '-'}${reason ? `  not compared (${reason})` : ''}`,
    );
  }
  if (group?.certificateSignatureName) doc.moveDown().fontSize(11).text(group.certificateSignatureName);
  if (group?.certificateFooterText) doc.moveDown().fontSize(9).text(group.certificateFooterText);
  doc.end();
  return { content: await done, fileName: `match-certificate-${set.sampleNumber}.pdf` };
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
