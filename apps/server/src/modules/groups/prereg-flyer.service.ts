// The printable pre-registration flyer of a property: one page with its name, address, the pre-registration address
// (BASE_URL/reg/{code}) and its QR code, for the property's office to print and post.
import { GroupTypes, Messages } from '@registry/contracts';
import QRCode from 'qrcode';
import type { SignedInContext } from '../../platform/context.ts';
import { refused } from '../../platform/errors.ts';
import { renderPdf } from '../../platform/pdf.ts';
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
  options: { compress?: boolean } = {},
) {
  const group = await loadGroupInScope(ctx, groupId);
  if (group.groupType !== GroupTypes.Property || !group.propertyPreRegisterCode)
    throw refused(Messages.noPreRegistrationLink);
  const link = preRegistrationLinkOf(ctx, group.propertyPreRegisterCode);
  const qr = QRCode.create(link, { errorCorrectionLevel: 'M' });
  const address = addressText(group.propertyAddress ?? group.mailingAddress);
  const content = await renderPdf(
    { title: `Pre-register at ${group.name}`, author: ctx.config.brandName, compress: options.compress },
    (layout) => {
      const { doc } = layout;
      layout.header({ title: group.name, subtitle: address });
      layout.paragraph('Dog owners and residents: pre-register your household and your pets.', 14);
      layout.paragraph('Scan the code with your phone camera, or type this address into your browser:', 12);
      doc.font('Helvetica-Bold').fontSize(16).text(link, { align: 'center' }).moveDown();
      // The QR code drawn as vector strokes (each run of dark modules in a row, one cell thick), so it prints sharp.
      const size = qr.modules.size;
      const side = 288;
      const cell = side / size;
      const left = (doc.page.width - side) / 2;
      const top = doc.y + 8;
      doc.lineWidth(cell);
      for (let row = 0; row < size; row++) {
        for (let column = 0; column < size;) {
          if (!qr.modules.get(row, column)) {
            column++;
            continue;
          }
          const start = column;
          while (column < size && qr.modules.get(row, column)) column++;
          const y = top + row * cell + cell / 2;
          doc.moveTo(left + start * cell, y).lineTo(left + column * cell, y);
        }
      }
      doc.stroke();
      doc.x = 54;
      doc.y = top + side + 24;
      layout.paragraph(`Property code: ${group.propertyPreRegisterCode}`, 14);
    },
  );
  return { content, fileName: `pre-registration-${group.propertyPreRegisterCode.toLowerCase()}.pdf` };
}
