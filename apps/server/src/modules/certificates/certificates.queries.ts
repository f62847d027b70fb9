// SQL of the lab settings, the signatories and the issued certificates, and of whether a certificate's subject still
// stands (its match result, parentage result, profile or verification as it is now).
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { DnaProfileLabStatus, UserRole } from '@registry/contracts';
import { queryRows, type Db } from '../../db/client.ts';
import { certificates, labSettings, labSignatories, parentageMatchResultSets, users } from '../../db/schema/index.ts';

export type CertificateKind = 'MatchCertificate' | 'DnaProfile' | 'DnaVerification' | 'ProofOfParentage';
export type CertificateStatus = 'Valid' | 'Revoked' | 'Superseded';
export type CertificateRow = typeof certificates.$inferSelect;

export async function findLabSettings(db: Db) {
  const [row] = await db.select().from(labSettings).where(eq(labSettings.id, 1));
  return row ?? null;
}

export async function saveLabSettings(db: Db, values: Omit<typeof labSettings.$inferInsert, 'id'>) {
  await db
    .insert(labSettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: labSettings.id, set: { ...values, dateUpdated: new Date() } });
}

/** The lab's analysts (lab admins, active) with their titles and signatures. */
export function signatories(db: Db) {
  return db
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      userName: users.userName,
      title: labSignatories.title,
      signaturePath: labSignatories.signaturePath,
    })
    .from(users)
    .leftJoin(labSignatories, eq(labSignatories.userId, users.id))
    .where(and(eq(users.roleId, UserRole.BioPetLabAdmin), eq(users.isActive, true)))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id));
}

export async function findLabUser(db: Db, userId: number) {
  const [row] = await db
    .select({ id: users.id, roleId: users.roleId })
    .from(users)
    .where(and(eq(users.id, userId), inArray(users.roleId, [UserRole.BioPetLabAdmin])));
  return row ?? null;
}

/** The one who signs: the user's name with their title and signature when they have them. */
export async function signatoryOf(db: Db, userId: number) {
  const [row] = await db
    .select({
      name: sql<string>`trim(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, ''))`,
      userName: users.userName,
      title: labSignatories.title,
      signaturePath: labSignatories.signaturePath,
    })
    .from(users)
    .leftJoin(labSignatories, eq(labSignatories.userId, users.id))
    .where(eq(users.id, userId));
  return row ?? null;
}

export async function saveSignatory(
  db: Db,
  userId: number,
  values: { title?: string | null; signaturePath?: string | null },
) {
  await db
    .insert(labSignatories)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: labSignatories.userId, set: { ...values, dateUpdated: new Date() } });
}

export async function findSignatory(db: Db, userId: number) {
  const [row] = await db.select().from(labSignatories).where(eq(labSignatories.userId, userId));
  return row ?? null;
}

export async function validCertificate(db: Db, kind: CertificateKind, subjectKey: string) {
  const [row] = await db
    .select()
    .from(certificates)
    .where(and(eq(certificates.kind, kind), eq(certificates.subjectKey, subjectKey), eq(certificates.status, 'Valid')));
  return row ?? null;
}

export async function nextCertificateId(db: Db): Promise<number> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`select nextval(pg_get_serial_sequence('certificates', 'id')) as id`,
  );
  return Number(row.id);
}

export async function insertCertificate(db: Db, values: typeof certificates.$inferInsert) {
  const [row] = await db.insert(certificates).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

export async function updateCertificate(db: Db, id: number, values: Partial<typeof certificates.$inferInsert>) {
  await db.update(certificates).set(values).where(eq(certificates.id, id));
}

export async function certificateByCode(db: Db, code: string) {
  const [row] = await db.select().from(certificates).where(eq(certificates.code, code));
  return row ?? null;
}

/** Closes the valid certificates of a subject (a result deleted, overridden, a verification revoked) with today's date. */
export async function closeCertificates(
  db: Db,
  where: { kind: CertificateKind; subjectKey?: string; sampleNumber?: string },
  status: Exclude<CertificateStatus, 'Valid'>,
  reason: string,
) {
  await db
    .update(certificates)
    .set({ status, statusDate: new Date(), statusReason: reason })
    .where(
      and(
        eq(certificates.kind, where.kind),
        eq(certificates.status, 'Valid'),
        where.subjectKey !== undefined ? eq(certificates.subjectKey, where.subjectKey) : undefined,
        where.sampleNumber !== undefined ? eq(certificates.sampleNumber, where.sampleNumber) : undefined,
      ),
    );
}

export type Standing = { status: CertificateStatus; date: Date | null; reason: string | null };

/** A match certificate's result: still the approved one of its set, replaced by a later approved run, or gone. */
export async function matchResultStanding(db: Db, resultId: number): Promise<Standing> {
  const [row] = await queryRows<{ current: number | null; replacedOn: Date | string | null; isApproved: boolean }>(
    db,
    sql`select s.currently_approved_result_id as current, r.is_approved as "isApproved",
          (select a.date_approved from waste_match_results a where a.id = s.currently_approved_result_id) as "replacedOn"
        from waste_match_results r join waste_result_sets s on s.id = r.result_set_id where r.id = ${resultId}`,
  );
  if (!row) return { status: 'Revoked', date: null, reason: 'The match result was deleted.' };
  if (row.current !== null && Number(row.current) === resultId) return { status: 'Valid', date: null, reason: null };
  if (row.current !== null)
    return {
      status: 'Superseded',
      date: row.replacedOn ? new Date(row.replacedOn) : null,
      reason: 'A later approved match run replaced this result.',
    };
  return { status: 'Revoked', date: null, reason: 'The match result is no longer approved.' };
}

/** A proof of parentage's result: still Certified, overridden, or deleted. */
export async function parentageResultStanding(db: Db, resultId: number): Promise<Standing> {
  const [row] = await queryRows<{ runResult: string }>(
    db,
    sql`select run_result as "runResult" from parentage_match_results where id = ${resultId}`,
  );
  if (!row) return { status: 'Revoked', date: null, reason: 'The parentage result was deleted.' };
  if (row.runResult !== 'Certified')
    return { status: 'Revoked', date: null, reason: `The parentage result was overridden to ${row.runResult}.` };
  return { status: 'Valid', date: null, reason: null };
}

/** A puppy's parentage result set as far as its proof of parentage reads it (which result the certificate shows). */
export async function parentageSetOfPuppy(db: Db, puppyPetId: number) {
  const [row] = await db
    .select({
      isParentageCertified: parentageMatchResultSets.isParentageCertified,
      bestMatchResultId: parentageMatchResultSets.bestMatchResultId,
    })
    .from(parentageMatchResultSets)
    .where(eq(parentageMatchResultSets.puppyPetId, puppyPetId));
  return row;
}

/** A DNA profile or verification certificate's pet and profile as they are now. */
export async function profileStanding(
  db: Db,
  kind: CertificateKind,
  petId: number,
  profileId: number,
): Promise<Standing> {
  const [row] = await queryRows<{ revoked: boolean; profileRevoked: boolean | null; currentProfileId: number | null }>(
    db,
    sql`select p.is_dna_verification_certificate_revoked as revoked,
          (select d.is_dna_verification_certificate_revoked from dna_profiles d where d.id = ${profileId}) as "profileRevoked",
          (select d.id from dna_profiles d where d.sample_number = upper(p.sample_number) and d.lab_status = ${DnaProfileLabStatus.Approved}
            order by d.date_approved desc nulls last, d.id desc limit 1) as "currentProfileId"
        from pets p where p.id = ${petId}`,
  );
  if (!row) return { status: 'Revoked', date: null, reason: 'The dog’s record was deleted.' };
  if (kind === 'DnaVerification' && (row.revoked || row.profileRevoked))
    return { status: 'Revoked', date: null, reason: 'The DNA verification certificate was revoked.' };
  if (row.currentProfileId !== profileId)
    return { status: 'Superseded', date: null, reason: 'A later approved DNA profile replaced this one.' };
  return { status: 'Valid', date: null, reason: null };
}

/**
 * Who approved: the latest audit entry of the approval (one row by its id, or a bulk approval listing it under
 * `listKey`), or null when none is on record.
 */
export async function approverOf(
  db: Db,
  entry: { entityType: string; actionType: string; id: number; listKey: string; labStatus?: number },
): Promise<number | null> {
  const [row] = await queryRows<{ userId: number | null }>(
    db,
    sql`select user_id as "userId" from audit_log
        where entity_type = ${entry.entityType} and action_type = ${entry.actionType}
          and (entity_id = ${String(entry.id)} or coalesce(after -> ${entry.listKey}, '[]'::jsonb) @> ${JSON.stringify([entry.id])}::jsonb)
          ${entry.labStatus !== undefined ? sql`and (after ->> 'labStatus') = ${String(entry.labStatus)}` : sql``}
        order by id desc limit 1`,
  );
  return row?.userId ?? null;
}

/** A DNA profile's panel and genotype codes (the lab's saved edit when there is one). */
export async function profileCodes(db: Db, id: number | null) {
  if (id === null) return null;
  const [row] = await queryRows<{ panelId: string; codes: number[]; labSavedCodes: number[] | null }>(
    db,
    sql`select panel_id as "panelId", codes, lab_saved_codes as "labSavedCodes" from dna_profiles where id = ${id}`,
  );
  return row ?? null;
}

/** A dog as a certificate names it: name, sample number, recorded sex, owner's name (never contact data). */
export async function dogOf(db: Db, petId: number | null) {
  if (petId === null) return null;
  const [row] = await queryRows<{
    name: string;
    sampleNumber: string | null;
    gender: number | null;
    ownerName: string | null;
  }>(
    db,
    sql`select p.name, p.sample_number as "sampleNumber", p.gender,
          nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as "ownerName"
        from pets p left join users u on u.id = p.pet_owner_id where p.id = ${petId}`,
  );
  return row ?? null;
}

/** A property's certificate customization and logo, and the distributor above it (the certification recipient). */
export async function propertyCertificateSettings(db: Db, propertyId: number) {
  const [row] = await queryRows<{
    id: number;
    name: string;
    certificationRecipient: number;
    certificateTitle: string | null;
    certificateSignatureName: string | null;
    certificateFooterText: string | null;
    certificateShowLogo: boolean;
    logoPath: string | null;
    distributorName: string | null;
  }>(
    db,
    sql`select p.id, p.name, p.certification_recipient as "certificationRecipient", p.certificate_title as "certificateTitle",
          p.certificate_signature_name as "certificateSignatureName", p.certificate_footer_text as "certificateFooterText",
          p.certificate_show_logo as "certificateShowLogo", p.logo_path as "logoPath",
          (select d.name from groups d where p.path like d.path || '%' and d.group_type = 2 order by length(d.path) desc limit 1) as "distributorName"
        from groups p where p.id = ${propertyId}`,
  );
  return row ?? null;
}
