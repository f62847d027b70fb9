// The email export (spec 3 §2 "Reports"): pet owners' and admins' emails with temporary sign-in links, previewed in
// pages and downloaded as CSV or XLSX.
import { z } from 'zod';
import { AssignedUsersFilter, UserRole, UserTypeFilter } from './enums.ts';
import { id, pagedResponse, pagingQuery, parseUsDate, queryBoolean, textField } from './common.ts';
import { reportDate } from './reports.ts';

const format = z.enum(['csv', 'xlsx']).default('csv');

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
