// The bulk resident import's rules. Each row is imported in its own transaction or not at all: its resident (a
// pre-registered resident of the named property, pending approval) and its pet. A row is idempotent on its natural key
// (import-row.ts naturalKey): run again, it finds the resident and the dog it made and adds nothing, so an interrupted
// import can simply be sent again. Rows with the same key are serialised by an advisory lock held to commit. The rows
// defer their group tally recounts (db/group-tallies.ts): the import recounts the groups they touched every few seconds
// and before it answers, so the counts are right when the caller sees the results.
import type { z } from 'zod';
import {
  BULK_IMPORT_COLUMNS,
  BULK_IMPORT_PROBLEMS as P,
  PetSpecies,
  RegistrationStatus,
  type ImportResidentResult,
  type importResidentsBody,
} from '@registry/contracts';
import type { Db } from '../../db/client.ts';
import { refreshDeferredTallies } from '../../db/group-tallies.ts';
import { writeAudit } from '../../platform/audit.ts';
import { withTransaction, type SignedInContext } from '../../platform/context.ts';
import { assertCan } from '../../platform/rights.ts';
import { checkRow, isProblem, naturalKey, type CleanRow } from './import-row.ts';
import { runGroups, sameResidentGroups } from './import-order.ts';
import * as q from './bulkimport.queries.ts';

export function columnInfo(ctx: SignedInContext) {
  assertCan(ctx, 'tools.bulkUpload');
  return BULK_IMPORT_COLUMNS.map((c) => ({ name: c.name, isRequired: c.isRequired }));
}

type Property = { id: number; name: string };
/** Each distinct property name of the batch resolved once: the one property of that name, or a problem. */
async function resolveProperties(ctx: SignedInContext, rows: CleanRow[]) {
  const names = [...new Set(rows.map((r) => r.propertyName.toLowerCase()))];
  const found = await q.propertiesByName(ctx.db, ctx.caller, names);
  const byName = new Map<string, Property[]>();
  for (const p of found) byName.set(p.key, [...(byName.get(p.key) ?? []), { id: p.id, name: p.name }]);
  return (name: string) => byName.get(name.toLowerCase()) ?? [];
}

type Outcome = Omit<ImportResidentResult, 'rowNumber'>;
const failed = (problemDesc: string, problemDetails: string): Outcome => ({
  imported: false,
  problemDesc,
  problemDetails,
  addedToExistingResident: false,
  residentId: null,
});

async function importRow(ctx: SignedInContext, property: Property, row: CleanRow): Promise<Outcome> {
  // The audit entries go through the transaction's context: they are appended together just before COMMIT, on one
  // chain (with the outer context each was appended at once, each on the next chain, and two rows could deadlock).
  return withTransaction(ctx, async (tx, txCtx) => {
    await q.startRow(tx, naturalKey(property.id, row));
    const isDog = row.pet?.species === PetSpecies.Dog;
    const dog = isDog && row.pet ? { name: row.pet.name, gender: row.pet.gender } : null;
    const { added, dogId, ...resident } = await q.findOrAddResident(
      tx,
      {
        groupId: property.id,
        firstName: row.firstName,
        lastName: row.lastName,
        email: row.email,
        phoneNumber: row.phone,
        unitNumber: row.unit,
        address: row.address,
        hasDogs: isDog,
        hasOtherPets: row.pet !== null && !isDog,
        petSpecies: row.pet?.species ?? PetSpecies.None,
        status: RegistrationStatus.PendingApproval,
      },
      dog,
    );
    if (added) {
      await writeAudit(tx, txCtx, {
        entityType: 'PreRegisteredResident',
        entityId: resident.id,
        actionType: 'BulkImport',
        after: resident,
      });
    } else if (resident.status === RegistrationStatus.Approved && dog && dogId === null) {
      // An approved resident's dogs are registry pets: add them from the pet owner's page, not as pre-registered dogs.
      return failed(
        P.residentApproved,
        `${resident.firstName} ${resident.lastName} is approved; add ${dog.name} from the pet owner's page.`,
      );
    } else if (row.pet && (resident.petSpecies & row.pet.species) === 0) {
      const petSpecies = (resident.petSpecies & ~PetSpecies.None) | row.pet.species;
      const changes = { petSpecies, hasDogs: resident.hasDogs || isDog, hasOtherPets: resident.hasOtherPets || !isDog };
      await q.setSpecies(tx, resident.id, changes);
      await writeAudit(tx, txCtx, {
        entityType: 'PreRegisteredResident',
        entityId: resident.id,
        actionType: 'BulkImport',
        before: { petSpecies: resident.petSpecies, hasDogs: resident.hasDogs, hasOtherPets: resident.hasOtherPets },
        after: changes,
      });
    }
    // An added resident's dog was added with it; a found resident's is added when it has none of that name.
    if (dog && (added || dogId === null)) {
      const dogIdNow = added ? dogId! : (await q.insertDog(tx, { residentId: resident.id, ...dog })).id;
      await writeAudit(tx, txCtx, {
        entityType: 'PreRegisteredDog',
        entityId: dogIdNow,
        actionType: 'BulkImport',
        after: { residentId: resident.id, ...dog },
      });
    }
    return {
      imported: true,
      problemDesc: null,
      problemDetails: null,
      addedToExistingResident: !added,
      residentId: resident.id,
    };
  });
}

/** How often a running import recounts the group tallies its committed rows deferred, so counts never lag far. */
const TALLY_CATCH_UP_MS = 2000;

/**
 * The recounts of an import's deferred group tallies: after a row when the last is a while ago, and at the end. Each
 * takes every recorded group, so it also mends what an interrupted import left.
 */
function tallyCatchUp(db: Db) {
  let last = Date.now();
  return {
    async afterRow() {
      if (Date.now() - last < TALLY_CATCH_UP_MS) return;
      last = Date.now();
      // A failure here leaves the records for the recount at the end.
      await refreshDeferredTallies(db).catch(() => undefined);
    },
    finish: () => refreshDeferredTallies(db),
  };
}

/**
 * Imports a batch of rows, each in its own transaction, and answers one result per row in the order given. A row that
 * fails (a rule, or the database) is rolled back alone and reported; the others are kept. Rows of different residents
 * run side by side (import-order.ts); the results are what a one-by-one import in file order would give.
 */
export async function importResidents(
  ctx: SignedInContext,
  rows: z.output<typeof importResidentsBody>,
): Promise<ImportResidentResult[]> {
  assertCan(ctx, 'tools.bulkUpload');
  const checked = rows.map((row) => ({ rowNumber: row.rowNumber, row: checkRow(row) }));
  const propertiesNamed = await resolveProperties(
    ctx,
    checked.flatMap((c) => (isProblem(c.row) ? [] : [c.row])),
  );
  const results: ImportResidentResult[] = new Array(checked.length);
  const tallies = tallyCatchUp(ctx.db);
  const toImport: { propertyId: number; row: CleanRow; task: () => Promise<void> }[] = [];
  checked.forEach(({ rowNumber, row }, i) => {
    if (isProblem(row)) {
      results[i] = { rowNumber, ...failed(row.problemDesc, row.problemDetails) };
      return;
    }
    const properties = propertiesNamed(row.propertyName);
    if (properties.length !== 1) {
      results[i] = {
        rowNumber,
        ...(properties.length === 0
          ? failed(P.propertyNotFound, `No property named '${row.propertyName}' in your groups.`)
          : failed(P.propertyAmbiguous, `${properties.length} properties are named '${row.propertyName}'.`)),
      };
      return;
    }
    const property = properties[0]!;
    const task = async () => {
      try {
        results[i] = { rowNumber, ...(await importRow(ctx, property, row)) };
      } catch {
        // The row's transaction rolled back; the database's text is not shown (it may name internals).
        results[i] = {
          rowNumber,
          ...failed(P.importError, 'The row could not be saved; nothing of it was imported.'),
        };
      }
      await tallies.afterRow();
    };
    toImport.push({ propertyId: property.id, row, task });
  });
  await runGroups(sameResidentGroups(toImport));
  await tallies.finish();
  return results;
}
