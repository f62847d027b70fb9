// The pet's DNA documents (spec 3 §4 "Pets"): the DNA profile PDF (its genotype table; needs an approved profile at
// DnaProcessingComplete) and the DNA verification certificate (needs an approved profile, an approved verification
// test and not revoked). Both are certificates in the shared document layout (number, verification address, the
// approving analyst) with the group's certificate customization and logo, and the profile's random match probability
// in words with its basis (NRC II 4.10, theta, the frequency database's size, the markers left out).
import { DnaProfileLabStatus, Gender, SampleCustomerStatus, formatUsDate } from '@registry/contracts';
import { matchStatistics, profileEntries, profileSex } from '@registry/genetics';
import type { SignedInContext } from '../../platform/context.ts';
import { refused } from '../../platform/errors.ts';
import { renderDocument } from '../../platform/pdf.ts';
import * as certificates from '../certificates/certificates.queries.ts';
import { documentOptions, issueCertificate, readStored, signatoryFor } from '../certificates/certificates.service.ts';
import { matchProbabilitySentence, statisticBasis } from '../certificates/wording.ts';
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

type Pet = Awaited<ReturnType<typeof documentData>>['pet'];
type Profile = NonNullable<Awaited<ReturnType<typeof documentData>>['profile']>;

async function render(ctx: SignedInContext, kind: 'profile' | 'verification', pet: Pet, stored: Profile) {
  const panel = requirePanel(stored.panelId);
  const profile = profileFromCodes(panel, stored.labSavedCodes ?? stored.codes);
  const { owner, group } = await certificateContext(ctx.db, pet.petOwnerId);
  const groupLogo = group?.logoPath && group.certificateShowLogo ? await readStored(ctx, group.logoPath) : null;
  const ownerName = owner ? [owner.firstName, owner.lastName].filter(Boolean).join(' ') || owner.userName : null;
  const { index } = await currentIndex(ctx, panel);
  const databaseSize = Math.max(1, index.size);
  const stats = matchStatistics(profile, profile, index.alleleFrequencies(), { registrySize: databaseSize });
  const approverId = await certificates.approverOf(ctx.db, {
    entityType: 'DnaProfile',
    actionType: 'Approve',
    id: stored.id,
    listKey: 'dnaProfileIds',
    labStatus: DnaProfileLabStatus.Approved,
  });
  const signatory = await signatoryFor(ctx, approverId, stored.dateApproved ?? null);
  const title = kind === 'profile' ? 'DNA Profile' : (group?.certificateTitle ?? 'DNA Verification Certificate');
  const options = await documentOptions(ctx, {
    title,
    subtitle: group ? `${pet.name}, ${group.name}` : pet.name,
    groupLogo,
    footer: group?.certificateFooterText ?? null,
  });
  const certificate = await issueCertificate(ctx, {
    kind: kind === 'profile' ? 'DnaProfile' : 'DnaVerification',
    subjectKey: `pet:${pet.id}:profile:${stored.id}`,
    sampleNumber: stored.sampleNumber.toUpperCase(),
    dogName: pet.name,
    resultText:
      kind === 'profile'
        ? `DNA profile on file (${panelName(panel.id)})`
        : 'DNA verified: a second sample gave the same profile',
    issuer: options.lab.name,
    signatoryName: signatory?.name ?? null,
  });
  const recorded = GENDER_TEXT[pet.gender] ?? 'Unknown';
  const sexByDna = profileSex(profile);
  const content = await renderDocument({ ...options, certificate }, (layout) => {
    layout.keyValues(
      [
        ['Dog', pet.name],
        ['Sample number', stored.sampleNumber],
        ['Breed', pet.breed],
        ['Date of birth', pet.dateOfBirth ? formatUsDate(new Date(pet.dateOfBirth)) : null],
        ['Recorded sex', recorded],
        ['Sex by DNA', sexByDna],
        ['Owner', ownerName],
        ['Panel', panelName(panel.id)],
      ],
      2,
    );
    if (recorded !== 'Unknown' && sexByDna !== 'Unknown' && recorded !== sexByDna)
      layout.paragraph(
        `Note: the sex by DNA (${sexByDna}) differs from the dog’s recorded sex (${recorded}); the lab should check the dog’s record.`,
        { bold: true },
      );
    if (kind === 'verification')
      layout.statement(
        `The DNA of ${pet.name} (sample ${stored.sampleNumber}) was typed again from a verification sample, and the ` +
          'two profiles agree. This certificate verifies that the profile below belongs to this dog.',
      );
    layout.table(
      [
        { label: 'Marker', width: 180 },
        { label: 'Allele 1', width: 176 },
        { label: 'Allele 2', width: 176 },
      ],
      profileEntries(profile).map((g) => [g.marker, g.alleleA || 'no call', g.alleleB || 'no call']),
      12,
    );
    layout.paragraph(matchProbabilitySentence(stats), { bold: true });
    const basis = statisticBasis(stats, databaseSize, panel.typingMarkers.length);
    layout.keyValues(basis.wide).keyValues(basis.pairs, 2);
    layout.signatory(signatory, options.lab.name);
    if (group?.certificateSignatureName)
      layout.paragraph(`Certified for ${group.name}: ${group.certificateSignatureName}`);
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
