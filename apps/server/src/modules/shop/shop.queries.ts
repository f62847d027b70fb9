// SQL of the shop's catalogue: products, enabled countries and the ecommerce promotion codes.
import { and, asc, count, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ilikeContains } from '../../db/like.ts';
import { ecommercePromotionCodes, orderItems, products, shopEnabledCountries } from '../../db/schema/index.ts';
import { pagedSelect } from '../../platform/paging.queries.ts';

export type ProductRow = typeof products.$inferSelect;
export type ProductValues = Omit<typeof products.$inferInsert, 'id' | 'dateCreated'>;

export async function activeProducts(db: Db) {
  return db.select().from(products).where(eq(products.isActive, true)).orderBy(asc(products.name), asc(products.id));
}

export async function productsPage(db: Db, page: number, pageSize: number) {
  return pagedSelect(
    { page, pageSize },
    db.select().from(products).orderBy(asc(products.name), asc(products.id)).$dynamic(),
    db.select({ total: count() }).from(products),
  );
}

export async function findProduct(db: Db, id: number) {
  const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1);
  return row ?? null;
}

export async function skuTaken(db: Db, sku: string, exceptId: number) {
  const [row] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(sql`upper(${products.sku}) = upper(${sku})`, sql`${products.id} <> ${exceptId}`))
    .limit(1);
  return Boolean(row);
}

export async function insertProduct(db: Db, values: ProductValues) {
  const [row] = await db.insert(products).values(values).returning();
  return row;
}

export async function updateProduct(db: Db, id: number, values: Partial<ProductValues>) {
  const [row] = await db.update(products).set(values).where(eq(products.id, id)).returning();
  return row ?? null;
}

export async function productOrdered(db: Db, id: number) {
  const [row] = await db.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.productId, id)).limit(1);
  return Boolean(row);
}

export async function deleteProduct(db: Db, id: number) {
  await db.delete(products).where(eq(products.id, id));
}

export async function enabledCountries(db: Db): Promise<string[]> {
  const rows = await db.select().from(shopEnabledCountries).orderBy(asc(shopEnabledCountries.countryId));
  return rows.map((row) => row.countryId);
}

export async function replaceEnabledCountries(db: Db, countryIds: string[]) {
  await db.delete(shopEnabledCountries);
  if (countryIds.length) await db.insert(shopEnabledCountries).values(countryIds.map((countryId) => ({ countryId })));
}

export async function isCountryEnabled(db: Db, countryId: string) {
  const [row] = await db
    .select()
    .from(shopEnabledCountries)
    .where(eq(shopEnabledCountries.countryId, countryId))
    .limit(1);
  return Boolean(row);
}

export type CodeFilters = {
  productId: number;
  isReservedFilter?: boolean;
  hasBeenAssignedFilter?: boolean;
  searchFilter?: string;
};

export async function codesPage(db: Db, filters: CodeFilters, page: number, pageSize: number) {
  const where: SQL[] = [eq(ecommercePromotionCodes.productId, filters.productId)];
  if (filters.isReservedFilter !== undefined)
    where.push(eq(ecommercePromotionCodes.isReserved, filters.isReservedFilter));
  if (filters.hasBeenAssignedFilter !== undefined)
    where.push(
      filters.hasBeenAssignedFilter
        ? isNotNull(ecommercePromotionCodes.orderItemId)
        : isNull(ecommercePromotionCodes.orderItemId),
    );
  if (filters.searchFilter) where.push(ilikeContains(ecommercePromotionCodes.code, filters.searchFilter));
  const condition = and(...where);
  return pagedSelect(
    { page, pageSize },
    db.select().from(ecommercePromotionCodes).where(condition).orderBy(asc(ecommercePromotionCodes.id)).$dynamic(),
    db.select({ total: count() }).from(ecommercePromotionCodes).where(condition),
  );
}

/** Which of these codes (upper-cased) exist already. */
export async function existingCodes(db: Db, codes: string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const rows = await db
    .select({ code: sql<string>`upper(${ecommercePromotionCodes.code})` })
    .from(ecommercePromotionCodes)
    .where(
      sql`upper(${ecommercePromotionCodes.code}) in (${sql.join(
        codes.map((c) => sql`${c}`),
        sql`, `,
      )})`,
    );
  return new Set(rows.map((row) => row.code));
}

export async function insertCodes(db: Db, productId: number, codes: string[]) {
  if (codes.length === 0) return [];
  return db
    .insert(ecommercePromotionCodes)
    .values(codes.map((code) => ({ productId, code })))
    .returning();
}

export async function findCode(db: Db, code: string) {
  const [row] = await db
    .select()
    .from(ecommercePromotionCodes)
    .where(sql`upper(${ecommercePromotionCodes.code}) = upper(${code})`)
    .for('update')
    .limit(1);
  return row ?? null;
}

/** The oldest free, unreserved code of a product, locked so two assignments never take the same one. */
export async function nextFreeCode(db: Db, productId: number) {
  const [row] = await db
    .select()
    .from(ecommercePromotionCodes)
    .where(
      and(
        eq(ecommercePromotionCodes.productId, productId),
        eq(ecommercePromotionCodes.isReserved, false),
        isNull(ecommercePromotionCodes.orderItemId),
      ),
    )
    .orderBy(asc(ecommercePromotionCodes.id))
    .for('update', { skipLocked: true })
    .limit(1);
  return row ?? null;
}

export async function codeOfItem(db: Db, orderItemId: number) {
  const [row] = await db
    .select()
    .from(ecommercePromotionCodes)
    .where(eq(ecommercePromotionCodes.orderItemId, orderItemId))
    .limit(1);
  return row ?? null;
}

export async function codesOfItems(db: Db, orderItemIds: number[]) {
  if (orderItemIds.length === 0) return [];
  return db
    .select({ orderItemId: ecommercePromotionCodes.orderItemId, code: ecommercePromotionCodes.code })
    .from(ecommercePromotionCodes)
    .where(inArray(ecommercePromotionCodes.orderItemId, orderItemIds));
}

export async function assignCode(db: Db, codeId: number, orderId: number, orderItemId: number) {
  await db.update(ecommercePromotionCodes).set({ orderId, orderItemId }).where(eq(ecommercePromotionCodes.id, codeId));
}

export async function releaseCodeOfItem(db: Db, orderItemId: number) {
  await db
    .update(ecommercePromotionCodes)
    .set({ orderId: null, orderItemId: null })
    .where(eq(ecommercePromotionCodes.orderItemId, orderItemId));
}
