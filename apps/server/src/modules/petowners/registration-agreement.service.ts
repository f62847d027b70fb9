// The dog registration agreement (spec 2 §2 "Print the dog registration agreement"): a PDF in the shared document
// layout naming the owner, their dogs, the group, and the policy document versions the owner agreed to for that group.
import { DOG_OWNER_POLICY_DOCUMENT_ID, GROUP_TYPE_LABELS, formatUsDate } from '@registry/contracts';
import type { SignedInContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { renderDocument } from '../../platform/pdf.ts';
import { documentOptions } from '../certificates/certificates.service.ts';
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

  const address = toAddressView(owner.address);
  const addressLine = address
    ? [address.addressLine1, address.addressLine2, address.city, address.state?.abbreviation, address.postalCode]
        .filter(Boolean)
        .join(', ')
    : null;
  const options = await documentOptions(ctx, {
    title: 'Dog Registration Agreement',
    subtitle: `${GROUP_TYPE_LABELS[group.groupType] ?? 'Group'}: ${group.name}`,
  });
  const content = await renderDocument(options, (layout) => {
    layout.keyValues([
      [
        'Registered',
        `${formatUsDate(group.dateAdded)}${group.moveOutDate ? `, moved out ${formatUsDate(group.moveOutDate)}` : ''}`,
      ],
    ]);
    layout.heading('Pet owner');
    layout.keyValues([
      ['Name', fullNameOf(owner)],
      ['User name', owner.userName],
      ...(owner.email ? ([['Email', owner.email]] as [string, string][]) : []),
      ...(owner.phoneNumber ? ([['Phone', owner.phoneNumber]] as [string, string][]) : []),
      ...(addressLine ? ([['Address', addressLine]] as [string, string][]) : []),
    ]);
    layout.heading(`Dogs (${pets.length})`);
    if (!pets.length) layout.paragraph('No dogs registered.');
    else
      layout.table(
        [
          { label: 'Dog', width: 180 },
          { label: 'Sample number', width: 150 },
          { label: 'Breed', width: 202 },
        ],
        pets.map((pet) => [pet.name, pet.sampleNumber ?? 'not assigned', pet.breed ?? null]),
      );
    layout.heading('Agreed document');
    if (!policy) layout.paragraph('No dog owner policy is on record.');
    else {
      layout.paragraph(
        agreed
          ? `${policy.documentName}, version ${policy.version}, agreed ${formatUsDate(agreed.dateAgreed)}`
          : `${policy.documentName}, version ${policy.version} (current version; no agreement on record)`,
        { bold: true },
      );
      layout.paragraph(plainText(policy.content));
    }
    layout.paragraph('\nSignature: ____________________________    Date: ______________', { size: 10.5 });
  });
  return { fileName: `dog-registration-agreement-${owner.userName}-${group.id}.pdf`, content };
}
