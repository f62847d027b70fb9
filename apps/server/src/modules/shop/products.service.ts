// Products (spec 2 §4 "Product"), enabled countries and can-purchase. Provider staff manage the catalogue; buyers read
// the active products. Prices are integer cents; ancestry products are those whose SKU starts with ANC.
import { ShopMessages, isAncestrySku, type ProductBody, type ProductView } from '@registry/contracts';
import { writeAudit } from '../../platform/audit.ts';
import { withTransaction, type SignedInContext } from '../../platform/context.ts';
import { notFound, refused } from '../../platform/errors.ts';
import { userPurchaseCountry } from './buyers.service.ts';
import * as q from './shop.queries.ts';

export const productNotFound = () => notFound(ShopMessages.productNotFound);

export function productView(row: q.ProductRow): ProductView {
  return {
    id: row.id,
    sku: row.sku,
    name: row.name,
    listPrice: row.listPriceCents,
    price: row.priceCents,
    taxable: row.taxable,
    isActive: row.isActive,
    tags: row.tags,
    isAncestryProduct: isAncestrySku(row.sku),
  };
}

export async function listProducts(ctx: SignedInContext) {
  return (await q.activeProducts(ctx.db)).map(productView);
}

export async function productsForAdmin(ctx: SignedInContext, page: number, pageSize: number) {
  const { rows, total } = await q.productsPage(ctx.db, page, pageSize);
  return { data: rows.map(productView), totalRecords: total };
}

const values = (body: ProductBody): q.ProductValues => ({
  sku: body.sku.trim(),
  name: body.name.trim(),
  listPriceCents: body.listPrice ?? null,
  priceCents: body.price,
  taxable: body.taxable,
  isActive: body.isActive,
  tags: body.tags,
});

/** POST: a form with id 0 creates; PUT /products/:id updates (spec 2 §4). */
export async function saveProduct(ctx: SignedInContext, id: number | null, body: ProductBody) {
  return withTransaction(ctx, async (tx, txCtx) => {
    const before = id === null ? null : await q.findProduct(tx, id);
    if (id !== null && !before) throw productNotFound();
    if (await q.skuTaken(tx, body.sku.trim(), id ?? 0)) throw refused(ShopMessages.duplicateSku);
    const row = before ? await q.updateProduct(tx, before.id, values(body)) : await q.insertProduct(tx, values(body));
    if (!row) throw productNotFound();
    await writeAudit(txCtx.db, txCtx, {
      entityType: 'Product',
      entityId: row.id,
      actionType: before ? 'Update' : 'Create',
      before,
      after: row,
    });
    return productView(row);
  });
}

export async function setProductActive(ctx: SignedInContext, id: number, isActive: boolean) {
  return withTransaction(ctx, async (tx, txCtx) => {
    const before = await q.findProduct(tx, id);
    if (!before) throw productNotFound();
    const row = (await q.updateProduct(tx, id, { isActive }))!;
    await writeAudit(txCtx.db, txCtx, {
      entityType: 'Product',
      entityId: id,
      actionType: isActive ? 'Activate' : 'Deactivate',
      before: { isActive: before.isActive },
      after: { isActive },
    });
    return productView(row);
  });
}

/** Delete is allowed from either state (spec 2 §4), but a product that was sold stays for its orders' sake. */
export async function deleteProduct(ctx: SignedInContext, id: number) {
  return withTransaction(ctx, async (tx, txCtx) => {
    const before = await q.findProduct(tx, id);
    if (!before) throw productNotFound();
    if (await q.productOrdered(tx, id)) throw refused(ShopMessages.productInUse);
    await q.deleteProduct(tx, id);
    await writeAudit(txCtx.db, txCtx, { entityType: 'Product', entityId: id, actionType: 'Delete', before });
    return { message: ShopMessages.productDeleted };
  });
}

export async function enabledCountries(ctx: SignedInContext) {
  return q.enabledCountries(ctx.db);
}

/** The shop's settings (spec 2 §7 getsettings): tax and shipping from the configuration, USD in the US, and the
 * enabled countries. */
export async function shopSettings(ctx: SignedInContext) {
  return {
    taxRateBasisPoints: ctx.config.shopTaxRateBasisPoints,
    shippingFee: ctx.config.shopShippingFeeCents,
    currency: 'USD' as const,
    country: 'US' as const,
    enabledCountries: await q.enabledCountries(ctx.db),
  };
}

export async function saveEnabledCountries(ctx: SignedInContext, countryIds: string[]) {
  const unique = [...new Set(countryIds)].sort();
  return withTransaction(ctx, async (tx, txCtx) => {
    const before = await q.enabledCountries(tx);
    await q.replaceEnabledCountries(tx, unique);
    await writeAudit(txCtx.db, txCtx, {
      entityType: 'ShopEnabledCountries',
      entityId: null,
      actionType: 'Update',
      before,
      after: unique,
    });
    return unique;
  });
}

/** The buyer's country is their address's; a buyer without one is taken to be in the US (spec 2 §9: country US). */
export async function canPurchase(ctx: SignedInContext) {
  const country = await userPurchaseCountry(ctx, ctx.caller.userId);
  const allowed = await q.isCountryEnabled(ctx.db, country);
  return { canPurchase: allowed, message: allowed ? null : ShopMessages.notInRegion };
}
