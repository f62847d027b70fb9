// The dog registration agreement (spec 2 §2 "Print the dog registration agreement"): a PDF naming the owner, their
// dogs, the group, and the policy document versions the owner agreed to for that group.
import { loadPdfKit } from '../../platform/on-demand-libraries.ts';
import { DOG_OWNER_POLICY_DOCUMENT_ID, GROUP_TYPE_LABELS, formatUsDate } from '@registry/contracts';
import type { SignedInContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { fullNameOf } from '../accounts/accounts.service.ts';
import { toAddressView } from '../lookups/lookups.service.ts';
import { loadPetOwner } from './petowners.service.ts';
import * as q from './petowners.queries.ts';

const plainText = (html: string) =>
  html
    .replace(/<\/(p|h\d|li|div)>|<br\s*\/?>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\n{2,}/g, '\n')
    .trim();

/**
 * The group must be one of the owner's groups (current or past) that the caller sees; an owner reads their own. With
 * no agreement on record for the group, the current dog owner policy is printed and says so.
 */
export async function registrationAgreement(ctx: SignedInContext, petOwnerId: number, groupId: number) {
  const owner = await loadPetOwner(ctx, petOwnerId);
  const own = owner.id === ctx.caller.userId;
  const history = await q.groupHistoryOf(ctx.db, owner.id, own || ctx.caller.isProviderStaff ? null : ctx.caller);
  const group = history.find((entry) => entry.id === groupId);
  if (!group) throw notFound('Group not found.');
  const [pets, agreements] = await Promise.all([
    q.petsOf(ctx.db, owner.id),
    q.agreementsOf(ctx.db, owner.id, group.id),
  ]);
  const agreed = agreements.find((agreement) => agreement.documentId === DOG_OWNER_POLICY_DOCUMENT_ID);
  const policy = agreed ?? (await q.currentDocumentVersion(ctx.db, DOG_OWNER_POLICY_DOCUMENT_ID));

  const doc = new (await loadPdfKit())({
    size: 'LETTER',
    margin: 54,
    info: { Title: 'Dog Registration Agreement', Author: ctx.config.brandName },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));

  const address = toAddressView(owner.address);
  const addressLine = address
    ? [address.addressLine1, address.addressLine2, address.city, address.state?.abbreviation, address.postalCode]
        .filter(Boolean)
        .join(', ')
    : null;
  doc.font('Helvetica-Bold').fontSize(18).text('Dog Registration Agreement');
  doc.font('Helvetica').fontSize(10).text(ctx.config.brandName).moveDown();
  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .text(`${GROUP_TYPE_LABELS[group.groupType] ?? 'Group'}: ${group.name}`);
  doc.font('Helvetica').fontSize(11);
  doc.text(
    `Registered ${formatUsDate(group.dateAdded)}${group.moveOutDate ? `, moved out ${formatUsDate(group.moveOutDate)}` : ''}`,
  );
  doc.moveDown();
  doc.font('Helvetica-Bold').text('Pet owner');
  doc
    .font('Helvetica')
    .text(`Name: ${fullNameOf(owner)}`)
    .text(`User name: ${owner.userName}`);
  if (owner.email) doc.text(`Email: ${owner.email}`);
  if (owner.phoneNumber) doc.text(`Phone: ${owner.phoneNumber}`);
  if (addressLine) doc.text(`Address: ${addressLine}`);
  doc.moveDown();
  doc.font('Helvetica-Bold').text(`Dogs (${pets.length})`);
  doc.font('Helvetica');
  if (!pets.length) doc.text('No dogs registered.');
  for (const pet of pets)
    doc.text(`${pet.name}: sample ${pet.sampleNumber ?? 'not assigned'}${pet.breed ? `, ${pet.breed}` : ''}`);
  doc.moveDown();
  doc.font('Helvetica-Bold').text('Agreed document');
  doc.font('Helvetica');
  if (!policy) doc.text('No dog owner policy is on record.');
  else {
    doc.text(
      agreed
        ? `${policy.documentName}, version ${policy.version}, agreed ${formatUsDate(agreed.dateAgreed)}`
        : `${policy.documentName}, version ${policy.version} (current version; no agreement on record)`,
    );
    doc.moveDown(0.5).fontSize(10).text(plainText(policy.content));
  }
  doc.moveDown(2).fontSize(11).text('Signature: ____________________________    Date: ______________');
  doc.end();
  return { fileName: `dog-registration-agreement-${owner.userName}-${group.id}.pdf`, content: await done };
}
