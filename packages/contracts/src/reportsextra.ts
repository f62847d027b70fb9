// More reports (spec 3 §2, §3 "Reports", §5, §7 "Reports", §9): the email export with temporary sign-in links, product by
// plate, the TD report and no-match to match (both with their counts over time for a chart).
import { z } from 'zod';
import { AssignedUsersFilter, UserRole, UserTypeFilter } from './enums.ts';
import { id, pagedResponse, pagingQuery, parseUsDate, queryBoolean, textField } from './common.ts';
import { reportDate } from './reports.ts';

const format = z.enum(['csv', 'xlsx']).default('csv');
const withoutPaging = { page: true, pageSize: true, orderBy: true, ascending: true } as const;

// --- Counts over time (the TD and no-match-to-match charts) ---
export const reportChartPoint = z.object({ period: z.string(), count: z.number().int() });
export const reportChart = z.object({ points: z.array(reportChartPoint) });
export type ReportChartPoint = z.output<typeof reportChartPoint>;

// --- Email export ---
/** Spec 3 §3: the admin roles the export offers. */
export const EMAIL_EXPORT_ADMIN_ROLES = [
  'BioPetCustomerServiceAdmin',
  'BioPetLabAdmin',
  'BioPetOfficeAdmin',
  'Distributor',
  'ManagementFirmManager',
  'ParentageManager',
  'PropertyManager',
] as const satisfies readonly (keyof typeof UserRole)[];
export const SIGN_IN_LINK_DEFAULTS = { signInLinkReturnUrl: '/shop/offers', daysValid: 1, isPersistent: true };
export const MAX_SIGN_IN_LINK_CONFIGS = 5;
export const EMAIL_EXPORT_MESSAGES = {
  returnUrl: 'The return URL must be a path of this site, starting with /.',
  issueDate: 'The sign-in link date cannot be before today.',
  adminRole: (name: string) => `Unknown admin role '${name}'.`,
  configs: 'The sign-in link settings could not be read.',
} as const;

export const signInLinkConfig = z.object({
  signInLinkReturnUrl: textField(300)
    .trim()
    .default(SIGN_IN_LINK_DEFAULTS.signInLinkReturnUrl)
    .refine((url) => /^\/(?![/\\])/.test(url), EMAIL_EXPORT_MESSAGES.returnUrl),
  /** MM/dd/yyyy; absent means today. Its minimum is today (spec 3 §5). */
  issueDate: textField(10)
    .refine((text) => parseUsDate(text) !== null, 'Invalid date.')
    .optional(),
  daysValid: z.number().int().min(1).max(365).default(SIGN_IN_LINK_DEFAULTS.daysValid),
  /** What the screen sends (spec 1 §7, §9: entered in days, sent as hours, daysValid × 24); it wins over daysValid. */
  hoursValid: z
    .number()
    .int()
    .min(1)
    .max(365 * 24)
    .optional(),
  isPersistent: z.boolean().default(SIGN_IN_LINK_DEFAULTS.isPersistent),
});
export type SignInLinkConfig = z.output<typeof signInLinkConfig>;

/** The configs travel in the query (the browser opens the export) as one JSON array. */
const signInLinkConfigs = textField(4000).transform((text, ctx) => {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    ctx.addIssue({ code: 'custom', message: EMAIL_EXPORT_MESSAGES.configs });
    return z.NEVER;
  }
  const parsed = z.array(signInLinkConfig).min(1).max(MAX_SIGN_IN_LINK_CONFIGS).safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
    return z.NEVER;
  }
  return parsed.data;
});

const adminRoles = textField(400).transform((text, ctx) => {
  const roles: number[] = [];
  for (const name of text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const match = EMAIL_EXPORT_ADMIN_ROLES.find((role) => role.toLowerCase() === name.toLowerCase());
    if (!match) {
      ctx.addIssue({ code: 'custom', message: EMAIL_EXPORT_MESSAGES.adminRole(name) });
      return z.NEVER;
    }
    roles.push(UserRole[match]);
  }
  return roles;
});

/** A string enumeration (spec 1 §3 UserTypeFilter, AssignedUsersFilter) read by name, whatever its case. */
const nameEnum = <E extends Record<string, string>>(values: E) =>
  textField(32).transform((raw, ctx): E[keyof E] => {
    const match = Object.values(values).find((value) => value.toLowerCase() === raw.trim().toLowerCase());
    if (match === undefined) {
      ctx.addIssue({ code: 'custom', message: `Must be one of ${Object.values(values).join(', ')}.` });
      return z.NEVER;
    }
    return match as E[keyof E];
  });

const emailExportFilters = z.object({
  groupIdFilter: id.optional(),
  countryIdFilter: textField(2).trim().toUpperCase().optional(),
  stateIdFilter: textField(10).trim().toUpperCase().optional(),
  /** Assigned: only users assigned to a group (admins) or belonging to one (pet owners); Unassigned: only those who are not. */
  assignedUsersFilter: nameEnum(AssignedUsersFilter).optional(),
  /** Admin, PetOwner (registry pet owners) or Resident (user names starting RES); absent means all three. */
  userTypeFilter: nameEnum(UserTypeFilter).optional(),
  userCreatedDateFrom: reportDate.optional(),
  userCreatedDateTo: reportDate.optional(),
  adminRolesFilter: adminRoles.optional(),
});
export const emailExportPreviewQuery = pagingQuery.extend(emailExportFilters.shape);
export const emailExportQuery = emailExportFilters.extend({
  includeTemporarySignInLinks: queryBoolean.optional(),
  signInLinkConfigs: signInLinkConfigs.optional(),
  format,
});
export const emailExportRow = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  userName: z.string(),
  roleId: z.number().int(),
  phoneNumber: z.string().nullable(),
  countryId: z.string().nullable(),
  stateId: z.string().nullable(),
  groups: z.string().nullable(),
  dateCreated: z.string(),
});
export const emailExportPage = pagedResponse(emailExportRow);
export type EmailExportRow = z.output<typeof emailExportRow>;

// --- Product by plate ---
export const productByPlateQuery = pagingQuery.extend({ plateName: textField(100).trim().min(1) });
export const productByPlateExportQuery = productByPlateQuery.omit(withoutPaging).extend({ format });
export const productByPlateItem = z.object({
  id: z.number().int(),
  well: z.string().nullable(),
  sampleNumber: z.string(),
  sampleType: z.string(),
  products: z.string(),
  petName: z.string().nullable(),
  petOwnerName: z.string().nullable(),
  groupName: z.string().nullable(),
  result: z.string(),
  labStatus: z.string(),
});
export const productByPlatePage = pagedResponse(productByPlateItem).extend({
  plateName: z.string(),
  productCounts: z.array(z.object({ product: z.string(), count: z.number().int() })),
});
export type ProductByPlateItem = z.output<typeof productByPlateItem>;

// --- TD report ---
/** By pet sample number, or over a group (TD picker types) and a date range of the matches' approval. */
/**
 * The TD report's parameters as spec 1 §7 names them (groupId, sampleNumberFilter, startDate, endDate); spec 3 §7's
 * `sampleNumber` (a pet asked by number alone) is kept and means the same as sampleNumberFilter.
 */
export const tdReportQuery = pagingQuery.extend({
  groupId: id.optional(),
  sampleNumberFilter: textField(20).trim().toUpperCase().optional(),
  sampleNumber: textField(20).trim().toUpperCase().optional(),
  startDate: reportDate.optional(),
  endDate: reportDate.optional(),
});
export const tdReportFilterQuery = tdReportQuery.omit(withoutPaging);
export const tdReportExportQuery = tdReportFilterQuery.extend({ format });
export const tdReportItem = z.object({
  id: z.number().int(),
  sampleNumber: z.string().nullable(),
  petName: z.string(),
  matchCount: z.number().int(),
  dateCreated: z.string(),
  petOwnerUsername: z.string().nullable(),
  petOwnerFullName: z.string().nullable(),
  matchResults: z.array(z.object({ wasteSampleNumber: z.string(), dateMatched: z.string().nullable() })),
});
export const tdReportPage = pagedResponse(tdReportItem);
export type TdReportItem = z.output<typeof tdReportItem>;

// --- No-match to match ---
export const noMatchToMatchQuery = pagingQuery.extend({
  groupId: id,
  startDate: reportDate.optional(),
  endDate: reportDate.optional(),
});
export const noMatchToMatchFilterQuery = noMatchToMatchQuery.omit(withoutPaging);
export const noMatchToMatchExportQuery = noMatchToMatchFilterQuery.extend({ format });
export const noMatchToMatchItem = z.object({
  id: z.number().int(),
  wasteSampleNumber: z.string(),
  propertyName: z.string().nullable(),
  distributor: z.string().nullable(),
  dateCollected: z.string().nullable(),
  earlierResult: z.string(),
  newResult: z.string(),
  dateOfChange: z.string(),
  matchedSampleNumber: z.string().nullable(),
  matchedPetName: z.string().nullable(),
  petOwnerName: z.string().nullable(),
  isApproved: z.boolean(),
});
export const noMatchToMatchPage = pagedResponse(noMatchToMatchItem);
export type NoMatchToMatchItem = z.output<typeof noMatchToMatchItem>;
