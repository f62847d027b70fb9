// The email export (spec 3 §3 "Reports", §5): every matching user's address, optionally with temporary sign-in links per
// config (return URL, issue date, days valid, persistent). The links are secrets: made with the sign-in token machinery
// (only hashes stored, one use, /token-login), written only into the file, never logged or audited.
import type { z } from 'zod';
import {
  EMAIL_EXPORT_ADMIN_ROLES,
  EMAIL_EXPORT_MESSAGES,
  SIGN_IN_LINK_DEFAULTS,
  UserRole,
  UserTypeFilter,
  roleLabel,
  type SignInLinkConfig,
  type emailExportPreviewQuery,
  type emailExportQuery,
} from '@registry/contracts';
import { writeAudit } from '../../platform/audit.ts';
import { withTransaction, type SignedInContext } from '../../platform/context.ts';
import { validationError } from '../../platform/errors.ts';
import { fileTimestamp, keysetBatches, type ExportColumn, type ExportSpec } from '../../platform/exports.ts';
import { assertCan } from '../../platform/rights.ts';
import { newToken } from '../../platform/tokens.ts';
import { signInLinkWindow } from '../accounts/user-actions.service.ts';
import * as q from './emailexport.queries.ts';
import { endOfDay, iso, reportGroup, window } from './reports.service.ts';

type Filters = Omit<z.output<typeof emailExportPreviewQuery>, 'page' | 'pageSize' | 'orderBy' | 'ascending'>;
const OFFERED_ADMIN_ROLES = EMAIL_EXPORT_ADMIN_ROLES.map((name) => UserRole[name]);

async function exportFilter(ctx: SignedInContext, query: Filters) {
  assertCan(ctx, 'report.emailExport');
  const group = query.groupIdFilter === undefined ? null : await reportGroup(ctx, query.groupIdFilter, 'emailExport');
  const type = query.userTypeFilter;
  const adminRoles = query.adminRolesFilter?.length ? query.adminRolesFilter : OFFERED_ADMIN_ROLES;
  const filter: q.EmailExportFilter = {
    rootPath: group?.path,
    countryId: query.countryIdFilter || undefined,
    stateId: query.stateIdFilter || undefined,
    assigned: query.assignedUsersFilter === undefined ? undefined : query.assignedUsersFilter === 'Assigned',
    adminRoles: type === undefined || type === UserTypeFilter.Admin ? adminRoles : [],
    petOwners: type === undefined || type === UserTypeFilter.PetOwner,
    residents: type === undefined || type === UserTypeFilter.Resident,
    createdFrom: query.userCreatedDateFrom,
    createdTo: endOfDay(query.userCreatedDateTo),
  };
  return { group, filter };
}

const view = (r: q.EmailExportDbRow) => ({ ...r, dateCreated: iso(r.dateCreated)! });

export async function emailExportPreview(ctx: SignedInContext, query: z.output<typeof emailExportPreviewQuery>) {
  const { filter } = await exportFilter(ctx, query);
  const [totalRecords, rows] = await Promise.all([
    q.countEmailExport(ctx.db, filter),
    q.emailExportRows(ctx.db, filter, window(query.page, query.pageSize), query),
  ]);
  return { totalRecords, data: rows.map(view) };
}

type LinkedRow = q.EmailExportDbRow & { links: (string | null)[] };

const COLUMNS: ExportColumn<LinkedRow>[] = [
  { header: 'Email', width: 30, value: (r) => r.email },
  { header: 'First Name', value: (r) => r.firstName },
  { header: 'Last Name', value: (r) => r.lastName },
  { header: 'User Name', value: (r) => r.userName },
  { header: 'User Type', value: (r) => roleLabel(r.roleId) },
  { header: 'Phone', value: (r) => r.phoneNumber },
  { header: 'Country', value: (r) => r.countryId },
  { header: 'State', value: (r) => r.stateId },
  { header: 'Groups', width: 40, value: (r) => r.groups },
  { header: 'Date Created', type: 'date', value: (r) => r.dateCreated },
];

type LinkPlan = SignInLinkConfig & { validFrom: Date; expiresAt: Date };

/** Each config's window, checked before the first byte: an issue date before today is a 400. */
function linkPlans(configs: SignInLinkConfig[]): LinkPlan[] {
  const now = new Date();
  return configs.map((config, i) => {
    try {
      const window = config.hoursValid
        ? { issueDate: config.issueDate, hoursValid: config.hoursValid }
        : { issueDate: config.issueDate, daysValid: config.daysValid };
      return { ...config, ...signInLinkWindow(window, now) };
    } catch {
      throw validationError({ [`signInLinkConfigs[${i}].issueDate`]: [EMAIL_EXPORT_MESSAGES.issueDate] });
    }
  });
}

export async function emailExport(
  ctx: SignedInContext,
  query: Omit<z.output<typeof emailExportQuery>, 'format'>,
): Promise<ExportSpec<LinkedRow>> {
  const { group, filter } = await exportFilter(ctx, query);
  const plans = query.includeTemporarySignInLinks
    ? linkPlans(query.signInLinkConfigs ?? [{ ...SIGN_IN_LINK_DEFAULTS }])
    : [];
  const totalRows = await q.countEmailExport(ctx.db, filter);
  if (plans.length > 0)
    await withTransaction(ctx, (tx) =>
      writeAudit(tx, ctx, {
        entityType: 'EmailExport',
        entityId: group?.id ?? 0,
        actionType: 'TemporarySignInLinksExported',
        // Never the links themselves: how many and for how long.
        after: {
          users: totalRows,
          links: plans.map((p) => ({ expiresAt: p.expiresAt, returnUrl: p.signInLinkReturnUrl })),
        },
      }),
    );
  const linkUrl = (token: string, plan: LinkPlan) =>
    `${ctx.config.baseUrl}/token-login?${new URLSearchParams({
      token,
      returnUrl: plan.signInLinkReturnUrl,
      ...(plan.isPersistent ? { isPersistent: 'true' } : {}),
    })}`;
  const rows = keysetBatches<q.EmailExportDbRow, { id: number }>(
    (after, limit) => q.emailExportRows(ctx.db, filter, { after, limit }),
    (r) => ({ id: r.id }),
  );
  async function* withLinks(): AsyncGenerator<LinkedRow[]> {
    for await (const batch of rows) {
      const tokens: Parameters<typeof q.insertSignInTokens>[1] = [];
      const linked = batch.map((row) => ({
        ...row,
        // Sign-in links are for pet owners only: a link for an admin would hand out an admin session.
        links: plans.map((plan) => {
          if (row.roleId !== q.PET_OWNER_ROLE) return null;
          const token = newToken();
          tokens.push({ userId: row.id, token, ...plan, returnUrl: plan.signInLinkReturnUrl });
          return linkUrl(token, plan);
        }),
      }));
      await q.insertSignInTokens(ctx.db, tokens);
      yield linked;
    }
  }
  const suffix = group ? `${group.name}_${fileTimestamp()}` : fileTimestamp();
  return {
    fileName: `Email_Export_${suffix}`,
    sheetName: 'Email Export',
    columns: [
      ...COLUMNS,
      ...plans.map((_, i) => ({ header: `Sign In Link ${i + 1}`, width: 60, value: (r: LinkedRow) => r.links[i] })),
    ],
    totalRows,
    batches: withLinks(),
  };
}
