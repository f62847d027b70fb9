// The printable pre-registration flyer of a property, in the shared document layout: one page with its name, address,
// the pre-registration address (BASE_URL/reg/{code}) and its QR code, for the property's office to print and post.
import { GroupTypes, Messages } from '@registry/contracts';
import type { SignedInContext } from '../../platform/context.ts';
import { refused } from '../../platform/errors.ts';
import { renderDocument } from '../../platform/pdf.ts';
import { documentOptions } from '../certificates/certificates.service.ts';
import { loadGroupInScope } from '../../platform/scope.ts';
import { toAddressView } from '../lookups/lookups.service.ts';
import { preRegistrationLinkOf } from './groups.service.ts';

const addressText = (address: Parameters<typeof toAddressView>[0]) => {
  const view = toAddressView(address);
  if (!view) return null;
  const cityLine = [view.city, [view.state?.abbreviation, view.postalCode].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return [view.addressLine1, view.addressLine2, view.addressLine3, cityLine].filter(Boolean).join('\n');
};

export async function preRegistrationFlyer(
  ctx: SignedInContext,
  groupId: number,
  settings: { compress?: boolean } = {},
) {
  const group = await loadGroupInScope(ctx, groupId);
  if (group.groupType !== GroupTypes.Property || !group.propertyPreRegisterCode)
    throw refused(Messages.noPreRegistrationLink);
  const link = preRegistrationLinkOf(ctx, group.propertyPreRegisterCode);
  const address = addressText(group.propertyAddress ?? group.mailingAddress);
  const options = await documentOptions(ctx, { title: group.name, subtitle: address, compress: settings.compress });
  const content = await renderDocument(options, (layout) => {
    const { doc } = layout;
    layout.paragraph('Dog owners and residents: pre-register your household and your pets.', { size: 14 });
    layout.paragraph('Scan the code with your phone camera, or type this address into your browser:', { size: 12 });
    layout.paragraph(link, { size: 16, bold: true, align: 'center' });
    const side = 288;
    const top = doc.y + 8;
    layout.qr(link, (doc.page.width - side) / 2, top, side);
    doc.x = 40;
    doc.y = top + side + 24;
    layout.paragraph(`Property code: ${group.propertyPreRegisterCode}`, { size: 14 });
  });
  return { content, fileName: `pre-registration-${group.propertyPreRegisterCode.toLowerCase()}.pdf` };
}
