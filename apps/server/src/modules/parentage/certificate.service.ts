// The proof-of-parentage certificate (spec 3 §4 "Pets": needs isParentageCertified, whatever products the dog has): a
// PDF naming the puppy, dam and sire with their owners, the marker table of dam, sire and puppy, the verdict and the statistic in words.
import { loadPdfKit } from '../../platform/on-demand-libraries.ts';
import type { SignedInContext } from '../../platform/context.ts';
import { certificateResult } from './parentage.service.ts';
import * as q from './parentage.queries.ts';

/** The combined paternity index in words: "X times more likely" and the probability of paternity at a 50% prior. */
export function statisticInWords(cpi: number | null, exclusion: number | null): string[] {
  const lines: string[] = [];
  if (cpi !== null && cpi > 0) {
    const rounded = cpi >= 1000 ? Math.round(cpi).toLocaleString('en-US') : cpi.toPrecision(3);
    const probability = (100 * cpi) / (cpi + 1);
    lines.push(
      `The sire is ${rounded} times more likely to be the father of the puppy than a random unrelated dog ` +
        `(combined paternity index ${rounded}; probability of paternity ${probability >= 99.99 ? '> 99.99' : probability.toFixed(2)}%).`,
    );
  }
  if (exclusion !== null)
    lines.push(
      `A random unrelated male would have been excluded by these markers with probability ${(exclusion * 100).toFixed(4)}%.`,
    );
  return lines;
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
  const line = (role: string, sampleNumber: string, dog: { name: string; ownerId: number | null } | undefined) =>
    `${role}: ${dog?.name ?? 'Not registered'} (${sampleNumber})${dog?.ownerId ? `, owner ${owners.get(dog.ownerId) ?? ''}` : ''}`;

  const doc = new (await loadPdfKit())({
    size: 'LETTER',
    margin: 54,
    info: { Title: 'Proof of Parentage Certificate', Author: ctx.config.brandName },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.font('Helvetica-Bold').fontSize(20).text('Proof of Parentage Certificate', { align: 'center' });
  doc.font('Helvetica').fontSize(10).text(ctx.config.brandName, { align: 'center' }).moveDown();
  doc.font('Helvetica').fontSize(11);
  doc.text(line('Puppy', result.puppySampleNumber, { name: puppy.name, ownerId: puppy.petOwnerId }));
  doc.text(line('Dam', result.damSampleNumber, byNumber.get(result.damSampleNumber)));
  doc.text(line('Sire', result.sireSampleNumber, byNumber.get(result.sireSampleNumber)));
  doc.moveDown();
  doc.font('Helvetica-Bold').text(`Verdict: ${result.runResult}`);
  doc
    .font('Helvetica')
    .text(
      `The dam and sire named above qualify as the parents of the puppy on ${result.testedMarkers} tested markers.`,
    );
  for (const text of statisticInWords(result.combinedPaternityIndex, result.probabilityOfExclusion)) doc.text(text);
  doc.moveDown();
  const columns = [54, 174, 274, 374, 474];
  const row = (cells: string[], bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    cells.forEach((cell, i) => doc.text(cell, columns[i], y, { width: 96 }));
    doc.text('', 54, y + 13);
  };
  row(['Marker', 'Dam', 'Sire', 'Puppy', 'Result'], true);
  for (const m of result.markers) {
    if (doc.y > 700) doc.addPage();
    row([m.marker, m.dam || '-', m.sire || '-', m.puppy || '-', m.result]);
  }
  doc.moveDown();
  doc
    .font('Helvetica')
    .fontSize(9)
    .text(`Tested ${result.dateCreated.toISOString().slice(0, 10)}; result ${result.id}.`, 54, doc.y);
  doc.end();
  return { content: await done, fileName: `ProofOfParentage_${result.puppySampleNumber}.pdf` };
}
