// Fills a template's {{placeholders}}: HTML-escaped values in the body (newlines become line breaks), plain text in the
// subject; an unknown placeholder becomes empty. Secret markers (secretPlaceholder) in values pass through untouched,
// for the mailer to fill for the mail it sends and to redact in the email log.
import { COMMON_PLACEHOLDERS, EVENT_PLACEHOLDERS, type EmailEvent } from '@registry/contracts';

export type TemplateValues = Record<string, string | number | null | undefined>;

const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const text = (value: TemplateValues[string]) => (value === null || value === undefined ? '' : String(value));

export function renderTemplate(template: { subject: string; body: string }, values: TemplateValues) {
  return {
    subject: template.subject.replace(PLACEHOLDER, (_m, name: string) => text(values[name]).replace(/\s+/g, ' ')),
    html: template.body.replace(PLACEHOLDER, (_m, name: string) =>
      escapeHtml(text(values[name])).replace(/\r?\n/g, '<br>'),
    ),
  };
}

/** The placeholders a template of this event may use. */
export const placeholdersOf = (event: EmailEvent): string[] => [...COMMON_PLACEHOLDERS, ...EVENT_PLACEHOLDERS[event]];

/** Sample data for the preview: each placeholder shows a plausible value. */
export function sampleValues(event: EmailEvent, brandName: string, baseUrl: string): TemplateValues {
  const samples: Record<string, string> = {
    brandName,
    baseUrl,
    recipientName: 'Jordan Baker',
    userName: 'jordan.baker',
    password: 'Sample#Pass1',
    groupName: 'Oak Ridge Apartments',
    groupClause: ' on the group Oak Ridge Apartments',
    passwordHint: 'the password you chose when you pre-registered',
    link: `${baseUrl}/login`,
    petName: 'Biscuit',
    sampleNumber: 'DN1234567',
    ownerName: 'Jordan Baker',
    reason: 'Please take a new cheek swab and hand it to the office of Oak Ridge Apartments.',
    result: 'Match',
    moveOutDate: '11/23/2026',
    details: 'DN barcodes: 3 left (threshold 10).',
    orderNumber: '1042',
    total: '$89.00',
    items: 'Ancestry DNA kit for Biscuit: $89.00',
    groupType: 'Property',
    requestedBy: 'Office Admin (office.admin)',
    subjectLine: 'Reset your password',
    instructions: 'We received a request to reset the password of the account jordan.baker.',
    followUp: 'The link below works once and expires in one hour.',
    linkLabel: 'Reset your password',
  };
  return Object.fromEntries(placeholdersOf(event).map((name) => [name, samples[name] ?? `[${name}]`]));
}
