// Certificates: the lab's identity on every document (lab settings, set by provider staff), the analysts who sign,
// and the public verification of a certificate by the code printed on it (BASE_URL/verify/{code}).
import { z } from 'zod';
import { id, optionalText, requiredText } from './common.ts';

/** What each kind of certificate is called on the verification page. */
export const CERTIFICATE_KIND_LABELS = {
  MatchCertificate: 'DNA match certificate',
  DnaProfile: 'DNA profile',
  DnaVerification: 'DNA verification certificate',
  ProofOfParentage: 'Proof of parentage certificate',
} as const;
export type CertificateKindName = keyof typeof CERTIFICATE_KIND_LABELS;

export const VERIFICATION_MESSAGES = {
  noSuchCertificate: 'No such certificate. Check the address printed on the certificate.',
  labSettingsSaved: 'Lab settings saved.',
  signatorySaved: 'Signatory saved.',
} as const;

export const labSettingsRequest = z.object({
  name: requiredText(200),
  address: optionalText(500, { multiline: true }),
  phone: optionalText(50),
  website: optionalText(200),
  accreditation: optionalText(300),
});
export type LabSettingsRequest = z.input<typeof labSettingsRequest>;

export const signatoryView = z.object({
  userId: z.number(),
  name: z.string(),
  title: z.string().nullable(),
  signatureUrl: z.string().nullable(),
});
export type SignatoryView = z.output<typeof signatoryView>;

export const labSettingsView = z.object({
  name: z.string(),
  address: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  accreditation: z.string().nullable(),
  logoUrl: z.string().nullable(),
  signatories: z.array(signatoryView),
});
export type LabSettingsView = z.output<typeof labSettingsView>;

export const signatoryParams = z.object({ userId: id });
export const signatoryRequest = z.object({ title: optionalText(100) });
export const labImageResponse = z.object({ url: z.string() });

/**
 * The code is read as any text: a malformed code and an unknown one get the same answer, so the schema refuses nothing
 * (the service matches the code's exact form before it looks).
 */
export const certificateVerificationQuery = z.object({ code: z.string().max(100_000) });

export const certificateVerification = z.object({
  kind: z.enum(Object.keys(CERTIFICATE_KIND_LABELS) as [CertificateKindName, ...CertificateKindName[]]),
  kindLabel: z.string(),
  number: z.string(),
  sampleNumber: z.string().nullable(),
  dogName: z.string().nullable(),
  result: z.string(),
  issuedAt: z.string(),
  issuer: z.string(),
  signatory: z.string().nullable(),
  status: z.enum(['Valid', 'Revoked', 'Superseded']),
  statusDate: z.string().nullable(),
  statusReason: z.string().nullable(),
});
export type CertificateVerification = z.output<typeof certificateVerification>;
