// The pool of pet-owner promotion codes per provider (Retail, Collar), kept in pet_owner_promotion_codes: an imported
// code has no owner until assigned. Listed, added and imported on /tools/pet-owner-assigned-promotion-codes.
import { and, asc, count, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import { ShopMessages } from '@registry/contracts';
import type { Db } from '../../db/client.ts';
import { ilikeContains } from '../../db/like.ts';
import { petOwnerPromotionCodes, users } from '../../db/schema/index.ts';
import { writeAudit } from '../../platform/audit.ts';
import { withTransaction, type SignedInContext } from '../../platform/context.ts';
import { refused } from '../../platform/errors.ts';

type Filters = {
  provider: number;
  hasBeenAssignedFilter?: boolean;
  searchFilter?: string;
  page: number;
  pageSize: number;
};

export async function listProviderCodes(ctx: SignedInContext, filters: Filters) {
  const where: SQL[] = [eq(petOwnerPromotionCodes.kind, filters.provider)];
  if (filters.hasBeenAssignedFilter !== undefined)
    where.push(
      filters.hasBeenAssignedFilter
        ? isNotNull(petOwnerPromotionCodes.petOwnerId)
        : isNull(petOwnerPromotionCodes.petOwnerId),
    );
  if (filters.searchFilter) where.push(ilikeContains(petOwnerPromotionCodes.code, filters.searchFilter));
  const condition = and(...where);
  const [rows, [{ total }]] = await Promise.all([
    ctx.db
      .select({ code: petOwnerPromotionCodes, userName: users.userName, first: users.firstName, last: users.lastName })
      .from(petOwnerPromotionCodes)
      .leftJoin(users, eq(users.id, petOwnerPromotionCodes.petOwnerId))
      .where(condition)
      .orderBy(asc(petOwnerPromotionCodes.id))
      .limit(filters.pageSize)
      .offset((filters.page - 1) * filters.pageSize),
    ctx.db.select({ total: count() }).from(petOwnerPromotionCodes).where(condition),
  ]);
  return { data: rows.map(view), totalRecords: total };
}

function view(row: {
  code: typeof petOwnerPromotionCodes.$inferSelect;
  userName: string | null;
  first: string | null;
  last: string | null;
}) {
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

export async function existingProviderCodes(db: Db, provider: number, codes: string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const rows = await db
    .select({ code: sql<string>`upper(${petOwnerPromotionCodes.code})` })
    .from(petOwnerPromotionCodes)
    .where(
      and(
        eq(petOwnerPromotionCodes.kind, provider),
        sql`upper(${petOwnerPromotionCodes.code}) in (${sql.join(
          codes.map((c) => sql`${c}`),
          sql`, `,
        )})`,
      ),
    );
  return new Set(rows.map((row) => row.code));
}

export async function insertProviderCodes(ctx: SignedInContext, provider: number, codes: string[], fileName?: string) {
  return withTransaction(ctx, async (tx, txCtx) => {
    const rows = await tx
      .insert(petOwnerPromotionCodes)
      .values(codes.map((code) => ({ kind: provider, code, petOwnerId: null })))
      .returning();
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
  if ((await existingProviderCodes(ctx.db, provider, [code.toUpperCase()])).size)
    throw refused(ShopMessages.duplicateCode);
  await insertProviderCodes(ctx, provider, [code]);
  const [row] = await ctx.db
    .select({ code: petOwnerPromotionCodes, userName: users.userName, first: users.firstName, last: users.lastName })
    .from(petOwnerPromotionCodes)
    .leftJoin(users, eq(users.id, petOwnerPromotionCodes.petOwnerId))
    .where(and(eq(petOwnerPromotionCodes.kind, provider), sql`upper(${petOwnerPromotionCodes.code}) = upper(${code})`))
    .limit(1);
  return view(row);
}
