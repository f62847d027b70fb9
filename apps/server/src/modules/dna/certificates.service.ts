// The pet's DNA documents (spec 3 §4 "Pets"): the DNA profile PDF (its genotype table; needs an approved profile at
// DnaProcessingComplete) and the DNA verification certificate (needs an approved profile, an approved verification
// test and not revoked). Both print the group's certificate customization and logo, and the profile's random match
// probability ("1 in N", two significant figures, NRC II 4.10) from the registry's allele frequencies.
import { matchStatistics, profileEntries, type DnaProfile } from '@registry/genetics';
import { Gender, SampleCustomerStatus, formatUsDate } from '@registry/contracts';
import type { SignedInContext } from '../../platform/context.ts';
import { refused } from '../../platform/errors.ts';
import { filesStoreFor } from '../../platform/files.ts';
import { renderPdf, type PdfLayout } from '../../platform/pdf.ts';
import { loadPet } from '../pets/pets.service.ts';
import { certificateContext } from './certificates.queries.ts';
import * as q from './dna.queries.ts';
import { panelName, profileFromCodes, requirePanel } from './panels.ts';
import { currentIndex } from './registry-index.ts';

export const CERTIFICATE_MESSAGES = {
  profileNotComplete: 'The DNA profile can be printed once DNA processing is complete.',
  noVerificationTest: 'The DNA verification certificate needs an approved verification test.',
  certificateRevoked: 'The DNA verification certificate has been revoked.',
} as const;

const GENDER_TEXT: Record<number, string> = { [Gender.Male]: 'Male', [Gender.Female]: 'Female' };

async function documentData(ctx: SignedInContext, petId: number) {
  const { pet } = await loadPet(ctx, petId);
  const profile = pet.sampleNumber ? await q.approvedProfileOf(ctx.db, pet.sampleNumber.toUpperCase()) : undefined;
  return { pet, profile };
}

async function layoutParts(ctx: SignedInContext, petOwnerId: number | null) {
  const { owner, group } = await certificateContext(ctx.db, petOwnerId);
  const logo =
    group?.logoPath && group.certificateShowLogo ? await filesStoreFor(ctx.config).read(group.logoPath) : null;
  const ownerName = owner ? [owner.firstName, owner.lastName].filter(Boolean).join(' ') || owner.userName : null;
  return { group, logo, ownerName };
}

async function statisticOf(ctx: SignedInContext, profile: DnaProfile) {
  const { index } = await currentIndex(ctx, profile.panel);
  return matchStatistics(profile, profile, index.alleleFrequencies());
}

function statisticBlock(layout: PdfLayout, stats: Awaited<ReturnType<typeof statisticOf>>) {
  layout.heading('Random match probability').keyValues([
    ['Probability that an unrelated dog shares this profile', stats.oneInText],
    ['Formula', `${stats.formula}, theta ${stats.theta}`],
    ['Markers in the product', stats.markersUsed],
    ['Off-ladder alleles', stats.offLadderMarkers.length ? `${stats.offLadderMarkers.join(', ')} (left out)` : 'none'],
  ]);
}

type Pet = Awaited<ReturnType<typeof documentData>>['pet'];
type Profile = NonNullable<Awaited<ReturnType<typeof documentData>>['profile']>;

async function render(ctx: SignedInContext, kind: 'profile' | 'verification', pet: Pet, stored: Profile) {
  const panel = requirePanel(stored.panelId);
  const profile = profileFromCodes(panel, stored.labSavedCodes ?? stored.codes);
  const [{ group, logo, ownerName }, stats] = await Promise.all([
    layoutParts(ctx, pet.petOwnerId),
    statisticOf(ctx, profile),
  ]);
  const title = kind === 'profile' ? 'DNA Profile' : (group?.certificateTitle ?? 'DNA Verification Certificate');
  const footer = group?.certificateFooterText ?? ctx.config.brandName;
  const content = await renderPdf({ title, author: ctx.config.brandName, footer }, (layout) => {
    layout.header({ title, subtitle: group ? `${ctx.config.brandName} - ${group.name}` : ctx.config.brandName, logo });
    layout.keyValues([
      ['Pet', pet.name],
      ['Sample number', stored.sampleNumber],
      ['Breed', pet.breed],
      ['Sex', GENDER_TEXT[pet.gender] ?? 'Unknown'],
      ['Date of birth', pet.dateOfBirth ? formatUsDate(new Date(pet.dateOfBirth)) : null],
      ['Owner', ownerName],
      ['Panel', panelName(panel.id)],
      ['Profile approved', stored.dateApproved ? formatUsDate(stored.dateApproved) : null],
    ]);
    if (kind === 'verification')
      layout.paragraph(
        `The DNA of ${pet.name} (sample ${stored.sampleNumber}) was typed again from a verification sample, and the ` +
          'two profiles agree. This certificate verifies that the profile below belongs to this dog.',
      );
    layout.heading('Genotype');
    layout.table(
      ['Marker', 'Allele 1', 'Allele 2'],
      profileEntries(profile).map((g) => [g.marker, g.alleleA || '-', g.alleleB || '-']),
    );
    statisticBlock(layout, stats);
    if (kind === 'verification') layout.signature(group?.certificateSignatureName ?? ctx.config.brandName);
  });
  const prefix = kind === 'profile' ? 'dna-profile' : 'dna-verification';
  return { fileName: `${prefix}-${stored.sampleNumber}.pdf`, content };
}

/** GET /pdfdownload/getdnaprofile/{petId}. */
export async function dnaProfilePdf(ctx: SignedInContext, petId: number) {
  const { pet, profile } = await documentData(ctx, petId);
  if (!profile || pet.customerFacingStatus !== SampleCustomerStatus.DnaProcessingComplete)
    throw refused(CERTIFICATE_MESSAGES.profileNotComplete);
  return render(ctx, 'profile', pet, profile);
}

/** GET /pdfdownload/getdnaverification/{petId}. */
export async function dnaVerificationPdf(ctx: SignedInContext, petId: number) {
  const { pet, profile } = await documentData(ctx, petId);
  if (!profile) throw refused(CERTIFICATE_MESSAGES.profileNotComplete);
  if (!pet.hasApprovedVerificationTest) throw refused(CERTIFICATE_MESSAGES.noVerificationTest);
  if (pet.isDnaVerificationCertificateRevoked || profile.isDnaVerificationCertificateRevoked)
    throw refused(CERTIFICATE_MESSAGES.certificateRevoked);
  return render(ctx, 'verification', pet, profile);
}
