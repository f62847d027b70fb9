// What the lab's documents and letters read about a pet besides its profile: the owner, the owner's current group (its
// certificate customization and logo, its primary admin), and the pet's verification state.
import { and, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { DnaProfileLabStatus } from '@registry/contracts';
import type { Db } from '../../db/client.ts';
import { dnaProfiles, groups, petOwnerGroups, pets, users } from '../../db/schema/index.ts';
import { closeCertificates } from '../certificates/certificates.queries.ts';

/** The owner's name and current group (the latest one joined and not moved out of), with its certificate settings. */
export async function certificateContext(db: Db, petOwnerId: number | null) {
  if (petOwnerId === null) return { owner: null, group: null };
  const [owner] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, userName: users.userName })
    .from(users)
    .where(eq(users.id, petOwnerId));
  const [group] = await db
    .select({
      id: groups.id,
      name: groups.name,
      logoPath: groups.logoPath,
      certificateTitle: groups.certificateTitle,
      certificateSignatureName: groups.certificateSignatureName,
      certificateFooterText: groups.certificateFooterText,
      certificateShowLogo: groups.certificateShowLogo,
    })
    .from(petOwnerGroups)
    .innerJoin(groups, eq(groups.id, petOwnerGroups.groupId))
    .where(and(eq(petOwnerGroups.petOwnerId, petOwnerId), isNull(petOwnerGroups.moveOutDate)))
    .orderBy(desc(petOwnerGroups.dateAdded), desc(groups.id))
    .limit(1);
  return { owner: owner ?? null, group: group ?? null };
}

/** Sample numbers among these that had a profile sent for reswab before (their next failure is an incomplete profile). */
export async function reswabbedBefore(db: Db, sampleNumbers: string[], exceptIds: number[]) {
  if (sampleNumbers.length === 0) return new Set<string>();
  const rows = await db
    .selectDistinct({ sampleNumber: dnaProfiles.sampleNumber })
    .from(dnaProfiles)
    .where(
      and(
        inArray(dnaProfiles.sampleNumber, sampleNumbers),
        eq(dnaProfiles.labStatus, DnaProfileLabStatus.Reswab),
        exceptIds.length ? sql`${dnaProfiles.id} not in ${exceptIds}` : undefined,
      ),
    );
  return new Set(rows.map((r) => r.sampleNumber));
}

/** A passing verification sample was approved: the pet has an approved verification test (and a fresh certificate). */
export async function setVerificationApproved(db: Db, sampleNumbers: string[]) {
  if (sampleNumbers.length === 0) return;
  await db
    .update(pets)
    .set({ hasApprovedVerificationTest: true, isDnaVerificationCertificateRevoked: false })
    .where(inArray(sql`upper(${pets.sampleNumber})`, sampleNumbers));
}

/**
 * Revoking the certificate marks the pet too (the pet's record is what owners and admins see), and the issued
 * verification certificates of the sample read as revoked from today on their verification page.
 */
export async function setCertificateRevoked(db: Db, sampleNumber: string) {
  await db
    .update(pets)
    .set({ isDnaVerificationCertificateRevoked: true })
    .where(and(eq(sql`upper(${pets.sampleNumber})`, sampleNumber), ne(pets.isDnaVerificationCertificateRevoked, true)));
  await closeCertificates(
    db,
    { kind: 'DnaVerification', sampleNumber: sampleNumber.toUpperCase() },
    'Revoked',
    'The DNA verification certificate was revoked by the lab.',
  );
}
