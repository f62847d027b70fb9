// Documents, email log, audit log, features and user settings (spec 1 §3, §7; spec 3 System).
import { z } from 'zod';
import { INT_MAX, pagingQuery, queryBoolean, requiredText, usDate, textField, integer } from './common.ts';

export const documentSummary = z.object({
  documentId: z.number().int(),
  name: z.string(),
  currentVersionId: z.number().int().nullable(),
  versionCount: z.number().int(),
  dateUpdated: z.string(),
});
export const documentVersion = z.object({
  versionId: z.number().int(),
  version: z.number().int(),
  dateCreated: z.string(),
  createdBy: z.string().nullable(),
});
export const documentView = z.object({
  documentId: z.number().int(),
  name: z.string(),
  content: z.string(),
  versionId: z.number().int(),
  version: z.number().int(),
  versions: z.array(documentVersion),
});
export type DocumentView = z.infer<typeof documentView>;
export const documentQuery = z.object({ versionId: integer(1, INT_MAX).optional() });
export const documentWriteRequest = z.object({
  name: requiredText(200, 'The Name field is required.'),
  content: textField(200_000, { multiline: true, error: 'The Content field is required.' }).min(
    1,
    'The Content field is required.',
  ),
});

export const emailLogQuery = pagingQuery.extend({
  subjectFilter: textField(200).optional(),
  recipientsFilter: textField(256).optional(),
  dateFilter: usDate.optional(),
  wasSuccessfulFilter: queryBoolean.optional(),
});
export const emailLogRow = z.object({
  id: z.number().int(),
  subject: z.string(),
  recipients: z.string(),
  body: z.string(),
  dateSent: z.string(),
  wasSuccessful: z.boolean(),
  errorMessage: z.string().nullable(),
});
export type EmailLogRow = z.infer<typeof emailLogRow>;

export const auditLogQuery = pagingQuery.extend({
  startDate: usDate.optional(),
  endDate: usDate.optional(),
  entityType: textField(64).optional(),
  actionType: textField(64).optional(),
  createdBy: textField(256).optional(),
});
export const auditLogRow = z.object({
  id: z.number().int(),
  dateCreated: z.string(),
  createdBy: z.string().nullable(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  actionType: z.string(),
  before: z.unknown().nullable(),
  after: z.unknown().nullable(),
  hash: z.string(),
});
export type AuditLogRow = z.infer<typeof auditLogRow>;
export const auditVerifyResponse = z.object({
  ok: z.boolean(),
  checked: z.number().int(),
  firstBrokenId: z.number().int().nullable(),
});

export const featuresForGroupQuery = z.object({ groupId: integer(1, INT_MAX) });
export const dogQuickActionsValue = z.object({ value: z.number().int().min(0).max(4095) });
/** The original API took the bare number; the app sends { value }. */
export const dogQuickActionsRequest = z.union([dogQuickActionsValue, z.number().int().min(0).max(4095)]);
/** Feature names (FeatureName) the caller or a group has. */
export const featureNames = z.array(z.string());

/** Page views (spec 1 §1): the web app sends each route change in batches; the role comes from the session. */
export const PAGE_VIEW_BATCH_MAX = 50;
export const pageView = z.object({
  routeName: requiredText(200, 'The route name is required.'),
  /** When the route changed, ISO 8601; a time outside the last day is recorded as the time it arrived. */
  viewedAt: z.iso.datetime({ offset: true }),
});
export const pageViewBatch = z.object({ views: z.array(pageView).min(1).max(PAGE_VIEW_BATCH_MAX) });
export const pageViewsQuery = pagingQuery.extend({
  startDate: usDate.optional(),
  endDate: usDate.optional(),
  routeName: textField(200).trim().optional(),
});
/** Views of one route on one day (the lab's day), with how many came from each role. */
export const pageViewsRow = z.object({
  day: z.string(),
  routeName: z.string(),
  views: z.number().int(),
  byRole: z.record(z.string(), z.number().int()),
});
export const pageViewsRecorded = z.object({ recorded: z.number().int() });
