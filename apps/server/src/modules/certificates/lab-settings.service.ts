// The lab settings screen's rules: the lab's identity on every document (name, address, phone, web site,
// accreditation line, logo) and each analyst's title and signature image as they sign certificates.
import type { z } from 'zod';
import type { labSettingsRequest } from '@registry/contracts';
import { writeAudit } from '../../platform/audit.ts';
import { withTransaction, type SignedInContext } from '../../platform/context.ts';
import { notFound } from '../../platform/errors.ts';
import { storedFileUrl } from '../../platform/files.ts';
import type { UploadedFile } from '../../platform/multipart.ts';
import { assertCan } from '../../platform/rights.ts';
import { replaceStoredImage } from '../../platform/stored-images.ts';
import * as q from './certificates.queries.ts';

export async function labSettings(ctx: SignedInContext) {
  assertCan(ctx, 'lab.settings');
  const [settings, people] = await Promise.all([q.findLabSettings(ctx.db), q.signatories(ctx.db)]);
  return {
    name: settings?.name ?? ctx.config.brandName,
    address: settings?.address ?? null,
    phone: settings?.phone ?? null,
    website: settings?.website ?? null,
    accreditation: settings?.accreditation ?? null,
    logoUrl: settings?.logoPath ? storedFileUrl(settings.logoPath) : null,
    signatories: people.map((p) => ({
      userId: p.userId,
      name: [p.firstName, p.lastName].filter(Boolean).join(' ') || p.userName,
      title: p.title,
      signatureUrl: p.signaturePath ? storedFileUrl(p.signaturePath) : null,
    })),
  };
}

export async function saveLabSettings(ctx: SignedInContext, body: z.output<typeof labSettingsRequest>) {
  assertCan(ctx, 'lab.settings');
  await withTransaction(ctx, async (tx) => {
    const before = await q.findLabSettings(tx);
    await q.saveLabSettings(tx, { ...body, logoPath: before?.logoPath ?? null, updatedById: ctx.caller.userId });
    await writeAudit(tx, ctx, {
      entityType: 'LabSettings',
      entityId: 1,
      actionType: before ? 'Update' : 'Create',
      before: before ? { ...before, dateUpdated: undefined } : null,
      after: body,
    });
  });
  return labSettings(ctx);
}

/** Points the lab's record at a new image (or none) with `save`, which answers the path it replaced; audited. */
function replaceImage(
  ctx: SignedInContext,
  file: UploadedFile | null,
  save: (tx: SignedInContext['db'], name: string | null) => Promise<string | null>,
  audit: { entityType: string; entityId: number },
) {
  return replaceStoredImage(ctx, file, async (tx, txCtx, name) => {
    const previous = await save(tx, name);
    await writeAudit(tx, txCtx, { ...audit, actionType: 'Update', before: { path: previous }, after: { path: name } });
    return previous;
  });
}

export async function uploadLabLogo(ctx: SignedInContext, readFile: () => Promise<UploadedFile>) {
  assertCan(ctx, 'lab.settings');
  const name = await replaceImage(
    ctx,
    await readFile(),
    async (tx, path) => {
      const before = await q.findLabSettings(tx);
      await q.saveLabSettings(tx, {
        name: before?.name ?? ctx.config.brandName,
        address: before?.address ?? null,
        phone: before?.phone ?? null,
        website: before?.website ?? null,
        accreditation: before?.accreditation ?? null,
        logoPath: path,
        updatedById: ctx.caller.userId,
      });
      return before?.logoPath ?? null;
    },
    { entityType: 'LabLogo', entityId: 1 },
  );
  return { url: storedFileUrl(name!) };
}

export async function removeLabLogo(ctx: SignedInContext) {
  assertCan(ctx, 'lab.settings');
  const settings = await q.findLabSettings(ctx.db);
  if (settings?.logoPath) {
    await replaceImage(
      ctx,
      null,
      async (tx) => {
        await q.saveLabSettings(tx, { ...settings, logoPath: null, updatedById: ctx.caller.userId });
        return settings.logoPath;
      },
      { entityType: 'LabLogo', entityId: 1 },
    );
  }
  return labSettings(ctx);
}

async function loadSignatory(ctx: SignedInContext, userId: number) {
  assertCan(ctx, 'lab.settings');
  // Only the lab's analysts sign; anyone else answers as a missing one.
  if (!(await q.findLabUser(ctx.db, userId))) throw notFound('Analyst not found.');
}

export async function saveSignatory(ctx: SignedInContext, userId: number, title: string | null) {
  await loadSignatory(ctx, userId);
  await withTransaction(ctx, async (tx) => {
    const before = await q.findSignatory(tx, userId);
    await q.saveSignatory(tx, userId, { title });
    await writeAudit(tx, ctx, {
      entityType: 'LabSignatory',
      entityId: userId,
      actionType: 'Update',
      before: { title: before?.title ?? null },
      after: { title },
    });
  });
  const view = (await labSettings(ctx)).signatories.find((s) => s.userId === userId);
  if (!view) throw notFound('Analyst not found.');
  return view;
}

export async function uploadSignature(ctx: SignedInContext, userId: number, readFile: () => Promise<UploadedFile>) {
  await loadSignatory(ctx, userId);
  const name = await replaceImage(
    ctx,
    await readFile(),
    async (tx, path) => {
      const before = await q.findSignatory(tx, userId);
      await q.saveSignatory(tx, userId, { signaturePath: path });
      return before?.signaturePath ?? null;
    },
    { entityType: 'LabSignatory', entityId: userId },
  );
  return { url: storedFileUrl(name!) };
}
