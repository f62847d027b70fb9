// Ecommerce promotion codes per product (spec 2 /ecommerce/promotion-codes) and the pet-owner codes per provider
// (spec 3 /tools/pet-owner-assigned-promotion-codes): list, add, import from a table file with a per-row error list.
import { PromotionCodeKind, ShopMessages, hasControlCharacters, type ImportResult } from '@registry/contracts';
import { writeAudit } from '../../platform/audit.ts';
import { withTransaction, type SignedInContext } from '../../platform/context.ts';
import { refused } from '../../platform/errors.ts';
import type { UploadedFile } from '../../platform/multipart.ts';
import { readTableFile } from '../../platform/sheets.ts';
import * as providerCodes from '../petowners/provider-codes.service.ts';
import { productNotFound } from './products.service.ts';
import * as q from './shop.queries.ts';

const CODE_MAX = 64;

const codeView = (row: Awaited<ReturnType<typeof q.insertCodes>>[number]) => ({
  id: row.id,
  code: row.code,
  productId: row.productId,
  isReserved: row.isReserved,
  orderId: row.orderId,
  orderItemId: row.orderItemId,
  dateCreated: row.dateCreated.toISOString(),
});

export async function listCodes(ctx: SignedInContext, query: q.CodeFilters & { page: number; pageSize: number }) {
  if (!(await q.findProduct(ctx.db, query.productId))) throw productNotFound();
  const { rows, total } = await q.codesPage(ctx.db, query, query.page, query.pageSize);
  return { data: rows.map(codeView), totalRecords: total };
}

export async function addCode(ctx: SignedInContext, productId: number, code: string) {
  return withTransaction(ctx, async (tx, txCtx) => {
    if (!(await q.findProduct(tx, productId))) throw productNotFound();
    if ((await q.existingCodes(tx, [code.toUpperCase()])).size) throw refused(ShopMessages.duplicateCode);
    const [row] = await q.insertCodes(tx, productId, [code]);
    await writeAudit(txCtx.db, txCtx, {
      entityType: 'PromotionCode',
      entityId: row.id,
      actionType: 'Create',
      after: row,
    });
    return codeView(row);
  });
}

/**
 * Codes of a table file: the first column of every row; a first row reading 'code' is a header. Each row's problem
 * (empty, too long, repeated in the file, or already known) is listed with its row number; the rest are imported.
 */
async function codesOfFile(
  file: UploadedFile,
  invalidTypeMessage: string,
  known: (codes: string[]) => Promise<Set<string>>,
) {
  const rows = await readTableFile(file, invalidTypeMessage);
  const start = rows[0]?.[0]?.toLowerCase() === 'code' ? 1 : 0;
  const errors: { row: number; error: string }[] = [];
  const candidates: { row: number; code: string }[] = [];
  const seen = new Set<string>();
  for (let i = start; i < rows.length; i++) {
    const code = rows[i][0] ?? '';
    const row = i + 1;
    if (rows[i].every((cell) => cell === '')) continue;
    if (!code) errors.push({ row, error: ShopMessages.codeRequired });
    else if (code.length > CODE_MAX) errors.push({ row, error: `Code must be at most ${CODE_MAX} characters.` });
    else if (hasControlCharacters(code)) errors.push({ row, error: 'Code must not contain control characters.' });
    else if (seen.has(code.toUpperCase())) errors.push({ row, error: `Code '${code}' appears more than once.` });
    else {
      seen.add(code.toUpperCase());
      candidates.push({ row, code });
    }
  }
  const existing = await known(candidates.map((c) => c.code.toUpperCase()));
  const fresh = candidates.filter((c) => {
    if (!existing.has(c.code.toUpperCase())) return true;
    errors.push({ row: c.row, error: `Code '${c.code}' already exists.` });
    return false;
  });
  errors.sort((a, b) => a.row - b.row);
  return { fresh: fresh.map((c) => c.code), errors };
}

function importAnswer(imported: number, errors: { row: number; error: string }[]): ImportResult {
  if (imported === 0 && errors.length === 0)
    return { success: false, totalImported: 0, message: 'The file holds no codes.', errors };
  return {
    success: errors.length === 0,
    totalImported: imported,
    message: errors.length ? ShopMessages.importFailed : ShopMessages.importSuccess(imported),
    errors,
  };
}

/** Imports the valid rows and lists the others; nothing is imported when any row is wrong, so a file goes in whole. */
export async function importCodes(ctx: SignedInContext, productId: number, file: UploadedFile) {
  if (!(await q.findProduct(ctx.db, productId))) throw productNotFound();
  const { fresh, errors } = await codesOfFile(file, ShopMessages.invalidImportFile, (codes) =>
    q.existingCodes(ctx.db, codes),
  );
  if (errors.length || fresh.length === 0) return importAnswer(0, errors);
  return withTransaction(ctx, async (tx, txCtx) => {
    const rows = await q.insertCodes(tx, productId, fresh);
    await writeAudit(txCtx.db, txCtx, {
      entityType: 'PromotionCode',
      entityId: null,
      actionType: 'Import',
      after: { productId, count: rows.length, fileName: file.fileName },
    });
    return importAnswer(rows.length, []);
  });
}

export const providers = () =>
  Object.entries(PromotionCodeKind).map(([name, value]) => ({
    value,
    name: name === 'Retail' ? 'Retail (Chewy)' : 'Collar (Fi)',
  }));

export async function importProviderCodes(ctx: SignedInContext, provider: number, file: UploadedFile) {
  const { fresh, errors } = await codesOfFile(file, ShopMessages.invalidProviderImportFile, (codes) =>
    providerCodes.existingProviderCodes(ctx.db, provider, codes),
  );
  if (errors.length || fresh.length === 0) return importAnswer(0, errors);
  const count = await providerCodes.insertProviderCodes(ctx, provider, fresh, file.fileName);
  return importAnswer(count, []);
}
