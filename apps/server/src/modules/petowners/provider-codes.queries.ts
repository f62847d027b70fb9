// SQL of the pet-owner promotion code pool (pet_owner_promotion_codes): the page of a provider's codes with their
// owners' names, the codes already held, and the insert of new ones.
import { and, asc, count, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ilikeContains } from '../../db/like.ts';
import { petOwnerPromotionCodes, users } from '../../db/schema/index.ts';
import { pagedSelect, type PageRequest } from '../../platform/paging.queries.ts';

export type ProviderCodeFilters = {
  provider: number;
  hasBeenAssignedFilter?: boolean;
  searchFilter?: string;
};

export type ProviderCodeRow = {
  code: typeof petOwnerPromotionCodes.$inferSelect;
  userName: string | null;
  first: string | null;
  last: string | null;
};

const withOwner = (db: Db) =>
  db
    .select({ code: petOwnerPromotionCodes, userName: users.userName, first: users.firstName, last: users.lastName })
    .from(petOwnerPromotionCodes)
    .leftJoin(users, eq(users.id, petOwnerPromotionCodes.petOwnerId));

function filterCondition(filters: ProviderCodeFilters) {
  const where: SQL[] = [eq(petOwnerPromotionCodes.kind, filters.provider)];
  if (filters.hasBeenAssignedFilter !== undefined)
    where.push(
      filters.hasBeenAssignedFilter
        ? isNotNull(petOwnerPromotionCodes.petOwnerId)
        : isNull(petOwnerPromotionCodes.petOwnerId),
    );
  if (filters.searchFilter) where.push(ilikeContains(petOwnerPromotionCodes.code, filters.searchFilter));
  return and(...where);
}

/** One page of a provider's codes in the order they were added, and how many match the filters. */
export async function providerCodesPage(db: Db, filters: ProviderCodeFilters, page: PageRequest) {
  const condition = filterCondition(filters);
  return pagedSelect(
    page,
    withOwner(db).where(condition).orderBy(asc(petOwnerPromotionCodes.id)).$dynamic(),
    db.select({ total: count() }).from(petOwnerPromotionCodes).where(condition),
  );
}

/** Which of these (upper-case) codes the provider already has, in upper case. */
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

/** New unassigned codes of the provider; the rows written. */
export const insertProviderCodes = (db: Db, provider: number, codes: string[]) =>
  db
    .insert(petOwnerPromotionCodes)
    .values(codes.map((code) => ({ kind: provider, code, petOwnerId: null })))
    .returning();

/** The provider's code, matched without regard to case, with its owner's names. */
export async function providerCodeByCode(db: Db, provider: number, code: string): Promise<ProviderCodeRow> {
  const [row] = await withOwner(db)
    .where(and(eq(petOwnerPromotionCodes.kind, provider), sql`upper(${petOwnerPromotionCodes.code}) = upper(${code})`))
    .limit(1);
  return row;
}
