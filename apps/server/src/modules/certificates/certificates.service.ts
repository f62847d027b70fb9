// Issued certificates: each one gets a number and a verification code (120 random bits, base32) the first time it is
// printed, and reprints keep them while the certificate stands. The public verification answers what a certificate
// certifies and whether it is still valid, revoked or superseded (with the date), never owner contact data or a
// genotype; an unknown code and a malformed one get the same answer.
import crypto from 'node:crypto';
import { CERTIFICATE_KIND_LABELS, VERIFICATION_MESSAGES, type CertificateVerification } from '@registry/contracts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { withTransaction, type RequestContext, type SignedInContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { filesStoreFor } from '../../platform/files.ts';
import type { DocumentOptions, LabIdentity, Signatory } from '../../platform/pdf.ts';
import * as q from './certificates.queries.ts';

const PREFIX: Record<q.CertificateKind, string> = {
  MatchCertificate: 'MC',
  DnaProfile: 'DP',
  DnaVerification: 'DV',
  ProofOfParentage: 'PP',
};

/** The parentage result a proof of parentage shows: the set's best one when it is Certified (settling keeps the newest
 * Certified best). The parentage screens and the pet's page both read it from here. */
export const certificateResultIdOf = (set: { isParentageCertified: boolean; bestMatchResultId: number | null }) =>
  set.isParentageCertified ? set.bestMatchResultId : null;

/** For the pet's page: the parentage result its certificate shows, or null (the caller may already see the pet). */
export async function parentageCertificateResultIdOfPet(db: Db, petId: number) {
  const set = await q.parentageSetOfPuppy(db, petId);
  return set ? certificateResultIdOf(set) : null;
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
/** 15 random bytes (120 bits) as 24 base32 letters. */
function newVerificationCode(): string {
  const bytes = crypto.randomBytes(15);
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return out;
}
const CODE_FORM = /^[A-Z2-7]{24}$/;

const verifyUrlOf = (config: Pick<Config, 'baseUrl'>, code: string) => `${config.baseUrl}/verify/${code}`;

/** The lab's identity for the documents: the lab settings, or the brand name alone until staff fill them in. */
async function labIdentity(ctx: RequestContext): Promise<LabIdentity> {
  const settings = await q.findLabSettings(ctx.db);
  const logo = settings?.logoPath ? await readStored(ctx, settings.logoPath) : null;
  return {
    name: settings?.name ?? ctx.config.brandName,
    address: settings?.address ?? null,
    phone: settings?.phone ?? null,
    website: settings?.website ?? null,
    accreditation: settings?.accreditation ?? null,
    logo,
  };
}

/** A stored image's bytes, or null when it is gone (the document goes out without it). */
export async function readStored(ctx: RequestContext, name: string): Promise<Buffer | null> {
  try {
    return await filesStoreFor(ctx.config).read(name);
  } catch {
    return null;
  }
}

/** The approving analyst as they sign: name, title, signature image. */
export async function signatoryFor(
  ctx: RequestContext,
  userId: number | null,
  approvedAt: Date | null,
): Promise<Signatory | null> {
  if (userId === null) return null;
  const row = await q.signatoryOf(ctx.db, userId);
  if (!row) return null;
  return {
    name: row.name || row.userName,
    title: row.title,
    signature: row.signaturePath ? await readStored(ctx, row.signaturePath) : null,
    approvedAt,
  };
}

/** The shared layout's options for a document of this lab, printed now in the lab's time zone. */
export async function documentOptions(
  ctx: RequestContext,
  parts: Omit<DocumentOptions, 'lab' | 'issuedAt' | 'timeZone'> & { issuedAt?: Date },
): Promise<DocumentOptions> {
  return {
    ...parts,
    lab: await labIdentity(ctx),
    issuedAt: parts.issuedAt ?? new Date(),
    timeZone: ctx.config.labTimeZone,
  };
}

export type IssueRequest = {
  kind: q.CertificateKind;
  /** What it certifies, e.g. 'result:12'; the valid certificate of the same subject is reprinted. */
  subjectKey: string;
  sampleNumber: string | null;
  dogName: string | null;
  /** The result in a few words, for the verification page. */
  resultText: string;
  issuer: string;
  signatoryName: string | null;
};

export type IssuedCertificate = ReturnType<typeof withUrl>;

/**
 * The certificate of this subject: the one issued before while it stands, or a new one. `onIssued` runs only for a new
 * one, in the transaction that stores it (the waste sample's custody event "Certificate issued", for instance).
 */
export async function issueCertificate(
  ctx: SignedInContext,
  request: IssueRequest,
  onIssued?: (txCtx: SignedInContext, issued: IssuedCertificate) => Promise<void>,
) {
  for (let attempt = 0; attempt < 3; attempt++) {
    const existing = await q.validCertificate(ctx.db, request.kind, request.subjectKey);
    if (existing) return withUrl(ctx, existing);
    const id = await q.nextCertificateId(ctx.db);
    const issuedAt = new Date();
    const year = new Intl.DateTimeFormat('en-US', { timeZone: ctx.config.labTimeZone, year: 'numeric' }).format(
      issuedAt,
    );
    const values = {
      id,
      ...request,
      code: newVerificationCode(),
      number: `${PREFIX[request.kind]}-${year}-${String(id).padStart(6, '0')}`,
      issuedAt,
    };
    const row = onIssued
      ? await withTransaction(ctx, async (tx, txCtx) => {
          const inserted = await q.insertCertificate(tx, values);
          if (inserted) await onIssued(txCtx, withUrl(txCtx, inserted));
          return inserted;
        })
      : await q.insertCertificate(ctx.db, values);
    // Null when another download of the same subject issued it first: take that one.
    if (row) return withUrl(ctx, row);
  }
  throw new Error('The certificate could not be issued.');
}

const withUrl = (ctx: RequestContext, row: q.CertificateRow) => ({
  number: row.number,
  code: row.code,
  issuedAt: row.issuedAt,
  verifyUrl: verifyUrlOf(ctx.config, row.code),
});

/** Whether the subject still stands, as the data says now. */
function standingOf(ctx: RequestContext, row: q.CertificateRow): Promise<q.Standing> {
  const ids = [...row.subjectKey.matchAll(/\d+/g)].map((m) => Number(m[0]));
  switch (row.kind as q.CertificateKind) {
    case 'MatchCertificate':
      return q.matchResultStanding(ctx.db, ids[0]);
    case 'ProofOfParentage':
      return q.parentageResultStanding(ctx.db, ids[0]);
    default:
      return q.profileStanding(ctx.db, row.kind as q.CertificateKind, ids[0], ids[1]);
  }
}

/** GET /certificates/verify?code=: what the certificate certifies and whether it still stands. */
export async function verifyCertificate(ctx: RequestContext, code: string): Promise<CertificateVerification> {
  const normalized = code.trim().toUpperCase();
  const row = CODE_FORM.test(normalized) ? await q.certificateByCode(ctx.db, normalized) : null;
  if (!row) throw notFound(VERIFICATION_MESSAGES.noSuchCertificate);
  let { status, statusDate, statusReason } = row;
  if (status === 'Valid') {
    const standing = await standingOf(ctx, row);
    if (standing.status !== 'Valid') {
      // Noticed now (a change no hook recorded): the date is the change's own when the data has it, else today.
      status = standing.status;
      statusDate = standing.date ?? new Date();
      statusReason = standing.reason;
      await q.updateCertificate(ctx.db, row.id, { status, statusDate, statusReason });
    }
  }
  const kind = row.kind as q.CertificateKind;
  return {
    kind,
    kindLabel: CERTIFICATE_KIND_LABELS[kind],
    number: row.number,
    sampleNumber: row.sampleNumber,
    dogName: row.dogName,
    result: row.resultText,
    issuedAt: row.issuedAt.toISOString(),
    issuer: row.issuer,
    signatory: row.signatoryName,
    status: status as q.CertificateStatus,
    statusDate: statusDate ? statusDate.toISOString() : null,
    statusReason,
  };
}
