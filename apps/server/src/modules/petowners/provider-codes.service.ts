// The pool of pet-owner promotion codes per provider (Retail, Collar), kept in pet_owner_promotion_codes: an imported
// code has no owner until assigned. Listed, added and imported on /tools/pet-owner-assigned-promotion-codes.
import { ShopMessages } from '@registry/contracts';
import type { Db } from '../../db/client.ts';
import { writeAudit } from '../../platform/audit.ts';
import { withTransaction, type SignedInContext } from '../../platform/context.ts';
import { refused } from '../../platform/errors.ts';
import * as q from './provider-codes.queries.ts';

type Filters = q.ProviderCodeFilters & { page: number; pageSize: number };

export async function listProviderCodes(ctx: SignedInContext, filters: Filters) {
  const { rows, total } = await q.providerCodesPage(ctx.db, filters, filters);
  return { data: rows.map(view), totalRecords: total };
}

function view(row: q.ProviderCodeRow) {
  const name = [row.first, row.last].filter(Boolean).join(' ') || row.userName;
  return {
    id: row.code.id,
    code: row.code.code,
    provider: row.code.kind,
    petOwnerId: row.code.petOwnerId,
    petOwnerName: row.code.petOwnerId ? name : null,
    hasBeenAssigned: row.code.petOwnerId !== null,
    dateAssigned: row.code.petOwnerId ? row.code.dateAssigned.toISOString() : null,
  };
}

/** Which of these (upper-case) codes the provider already has, in upper case. */
export const existingProviderCodes = (db: Db, provider: number, codes: string[]): Promise<Set<string>> =>
  q.existingProviderCodes(db, provider, codes);

export async function insertProviderCodes(ctx: SignedInContext, provider: number, codes: string[], fileName?: string) {
  return withTransaction(ctx, async (tx, txCtx) => {
    const rows = await q.insertProviderCodes(tx, provider, codes);
    await writeAudit(txCtx.db, txCtx, {
      entityType: 'PetOwnerPromotionCode',
      entityId: rows.length === 1 ? rows[0].id : null,
      actionType: rows.length === 1 && !fileName ? 'Create' : 'Import',
      after: { provider, count: rows.length, fileName: fileName ?? null },
    });
    return rows.length;
  });
}

export async function addProviderCode(ctx: SignedInContext, provider: number, code: string) {
  if ((await q.existingProviderCodes(ctx.db, provider, [code.toUpperCase()])).size)
    throw refused(ShopMessages.duplicateCode);
  await insertProviderCodes(ctx, provider, [code]);
  const row = await q.providerCodeByCode(ctx.db, provider, code);
  return view(row);
}
