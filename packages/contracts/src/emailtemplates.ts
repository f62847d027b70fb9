// Email events and their template configuration (spec 3 §3 "Email template config", §4, §5): the events the system
// mails at, which are critical (always active), the placeholders each event's template may use, and the config and
// template schemas of /system/emailtemplates.
import { z } from 'zod';
import { INT_MAX, requiredText, textField, integer } from './common.ts';

/** The events of spec 3 §3, in its order, then the product's own (docs/decisions/notifications-and-mail.md). */
export const SPEC_EMAIL_EVENTS = [
  'UserWelcome',
  'ParentageDNAProcessingComplete',
  'ParentageReswabRequested',
  'ParentageDNASampleReceived',
  'ParentageProcessingSecondSwab',
  'ParentageNewUser',
  'ReswabRequested',
  'DNASampleReceived',
  'DNAProcessingComplete',
  'ReswabRequestedToCustomer',
  'NoMatchToMatch',
  'Match',
  'NoMatch',
  'NonCanine',
  'Fail',
  'AdminGenericNewAdmin',
  'AdminPooPrintsNewAdmin',
  'UserPasswordReset',
  'AdminPetOwnerMoveOut',
  'AdminInventoryBelowThresholdAlert',
  'ResidentNewAccount',
  'ResidentNewNonDogOwnerAccount',
  'AdminPetSampleRejectedPropertyNotice',
  'UserAncestryOrderConfirmation',
] as const;
/** Mail the spec does not name but the product sends (each has its own template too). */
export const PRODUCT_EMAIL_EVENTS = [
  'DNAVerificationTestRequested',
  'ResidentApproved',
  'UserMoveOut',
  'UserEmailChange',
  'GroupRequested',
  'UserOrderConfirmation',
  'ViolationNoticeIssued',
  'ViolationNoticeUpdate',
  'ViolationNoticeReminder',
  'ResidentPreRegistrationInvite',
] as const;
export const EMAIL_EVENTS = [...SPEC_EMAIL_EVENTS, ...PRODUCT_EMAIL_EVENTS] as const;
export type EmailEvent = (typeof EMAIL_EVENTS)[number];
export const isEmailEvent = (name: string): name is EmailEvent => (EMAIL_EVENTS as readonly string[]).includes(name);

/**
 * Spec 3 §4: "the critical set covers 21 events". Of the spec's 24, the three admin notices that only inform (a
 * move-out, a rejected sample, an inventory alert) may be switched off; every other event is critical (isActive forced
 * on). The product's own account mail is critical too.
 */
export const NON_CRITICAL_EVENTS: readonly EmailEvent[] = [
  'AdminPetOwnerMoveOut',
  'AdminPetSampleRejectedPropertyNotice',
  'AdminInventoryBelowThresholdAlert',
];
export const isCriticalEvent = (event: EmailEvent) => !NON_CRITICAL_EVENTS.includes(event);

/**
 * Customer letters: news about a sample or profile. An owner whose receiveEmails is false gets none of these; account
 * and security mail (welcome, password, email change, orders) and staff notices still go.
 */
export const CUSTOMER_LETTER_EVENTS: readonly EmailEvent[] = [
  'DNASampleReceived',
  'DNAProcessingComplete',
  'ReswabRequestedToCustomer',
  'DNAVerificationTestRequested',
  'ParentageDNASampleReceived',
  'ParentageProcessingSecondSwab',
  'ParentageReswabRequested',
  'ParentageDNAProcessingComplete',
];

/** The placeholders every template may use ({{brandName}}, {{baseUrl}}), then each event's own. */
export const COMMON_PLACEHOLDERS = ['brandName', 'baseUrl', 'recipientName'] as const;
const PET = ['petName', 'sampleNumber', 'link'];
export const EVENT_PLACEHOLDERS: Record<EmailEvent, readonly string[]> = {
  UserWelcome: ['userName', 'password', 'groupName', 'link'],
  ParentageNewUser: ['userName', 'password', 'link'],
  ResidentNewAccount: ['userName', 'groupName', 'link'],
  ResidentNewNonDogOwnerAccount: ['userName', 'groupName', 'link'],
  AdminGenericNewAdmin: ['userName', 'password', 'groupClause', 'link'],
  AdminPooPrintsNewAdmin: ['userName', 'password', 'groupClause', 'link'],
  UserPasswordReset: ['userName', 'subjectLine', 'instructions', 'followUp', 'link', 'linkLabel'],
  DNASampleReceived: PET,
  DNAProcessingComplete: PET,
  ReswabRequestedToCustomer: [...PET, 'reason'],
  ReswabRequested: [...PET, 'ownerName', 'groupName', 'reason'],
  DNAVerificationTestRequested: PET,
  ParentageDNASampleReceived: PET,
  ParentageProcessingSecondSwab: PET,
  ParentageReswabRequested: [...PET, 'reason'],
  ParentageDNAProcessingComplete: PET,
  Match: ['sampleNumber', 'groupName', 'result', 'petName', 'ownerName', 'details', 'link'],
  NoMatch: ['sampleNumber', 'groupName', 'result', 'details', 'link'],
  NonCanine: ['sampleNumber', 'groupName', 'result', 'details', 'link'],
  Fail: ['sampleNumber', 'groupName', 'result', 'details', 'link'],
  NoMatchToMatch: ['sampleNumber', 'groupName', 'result', 'petName', 'ownerName', 'details', 'link'],
  AdminPetOwnerMoveOut: ['ownerName', 'groupName', 'moveOutDate', 'link'],
  AdminPetSampleRejectedPropertyNotice: ['petName', 'sampleNumber', 'ownerName', 'groupName', 'reason', 'link'],
  AdminInventoryBelowThresholdAlert: ['groupName', 'details', 'link'],
  UserAncestryOrderConfirmation: ['orderNumber', 'total', 'items', 'link'],
  UserOrderConfirmation: ['orderNumber', 'total', 'items', 'link'],
  UserEmailChange: ['userName', 'link'],
  ResidentApproved: ['userName', 'residentNumberNote', 'groupName', 'passwordHint', 'link'],
  UserMoveOut: ['groupName', 'link'],
  GroupRequested: ['groupType', 'groupName', 'requestedBy', 'link'],
  ViolationNoticeIssued: ['reference', 'groupName', 'petName', 'sampleNumber', 'amount', 'details', 'link'],
  ViolationNoticeUpdate: ['reference', 'groupName', 'petName', 'subjectLine', 'details', 'link'],
  ViolationNoticeReminder: ['reference', 'groupName', 'petName', 'dueDate', 'details', 'link'],
  ResidentPreRegistrationInvite: ['groupName', 'unit', 'link'],
};

export const EmailTemplateMessages = {
  configAdded: 'Config added successfully.',
  configUpdated: 'Config updated successfully.',
  configDeleted: 'Config deleted successfully.',
  templateSaved: 'Saved Successfully.',
  templateDeleted: 'Template deleted successfully.',
  unknownEvent: 'Unknown email template key: no email event has this name.',
  configExists: 'This event already has a config.',
  configNotFound: 'Config not found.',
  templateNotFound: 'Template not found.',
  unknownTemplateIds: 'One or more template ids do not exist.',
  templateInUse: 'The template is used by an event config; remove it there first.',
} as const;

const templateId = integer(1, INT_MAX);

export const templateKeyQuery = z.object({ templateKey: requiredText(64, 'The templateKey field is required.') });

export const emailTemplateConfigBody = z.object({
  templateIds: z.array(templateId).max(20).default([]),
  isActive: z.boolean().default(true),
  enableAbTesting: z.boolean().default(false),
  trackClicks: z.boolean().default(true),
  trackOpens: z.boolean().default(true),
  trackSubscriptions: z.boolean().default(true),
});
export const emailTemplateConfig = z.object({
  eventName: z.string(),
  templateIds: z.array(z.number().int()),
  isActive: z.boolean(),
  enableAbTesting: z.boolean(),
  trackClicks: z.boolean(),
  trackOpens: z.boolean(),
  trackSubscriptions: z.boolean(),
  isCritical: z.boolean(),
});
export type EmailTemplateConfig = z.infer<typeof emailTemplateConfig>;
/** GET /sendgridemailtemplates/getconfig: the configs keyed by event name (events without one are absent). */
export const emailTemplateConfigs = z.record(z.string(), emailTemplateConfig);

export const emailTemplateView = z.object({
  id: z.number().int(),
  name: z.string(),
  eventName: z.string(),
  subject: z.string(),
  body: z.string(),
  dateUpdated: z.string(),
});
export type EmailTemplateView = z.infer<typeof emailTemplateView>;
export const emailEventInfo = z.object({
  eventName: z.string(),
  isCritical: z.boolean(),
  isCustomerLetter: z.boolean(),
  placeholders: z.array(z.string()),
  defaultSubject: z.string(),
  defaultBody: z.string(),
});
export const emailTemplatesResponse = z.object({
  templates: z.array(emailTemplateView),
  events: z.array(emailEventInfo),
});

export const emailTemplateWriteRequest = z.object({
  name: requiredText(200, 'The Name field is required.'),
  eventName: requiredText(64, 'The Event field is required.'),
  subject: requiredText(300, 'The Subject field is required.'),
  body: requiredText(100_000, 'The Body field is required.', { multiline: true }),
});
export const emailTemplatePreviewRequest = z.object({
  eventName: requiredText(64, 'The Event field is required.'),
  subject: textField(300),
  body: textField(100_000, { multiline: true }),
});
export const emailTemplatePreview = z.object({ subject: z.string(), html: z.string() });
