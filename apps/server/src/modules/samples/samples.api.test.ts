// The shared sample rules: the customer status machine exactly as spec 3 §4 allows it, and the service writing the
// pet's row, the sample history and the audit entry together (pets stand in for every kind of sample here).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  GroupTypes,
  SampleCustomerStatus as S,
  SampleHistoryEntryType,
  UserRole,
  isProviderStaffRole,
  newPet,
  petSampleNumber,
  wasteSampleNumber,
  type SampleStatusAction,
} from '@registry/contracts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { groupByName, makeAdmin, makeGroup, makePetOwner, userByName } from '../../../test/factories.ts';
import { auditLog, groupTallies, pets } from '../../db/schema/index.ts';
import type { SignedInContext } from '../../platform/context.ts';
import { registerPets } from '../pets/pet-register.service.ts';
import { petSampleStore } from '../pets/pet-sample-store.ts';
import { decideTransition } from './sample-status.ts';
import { changeSampleStatus, sampleHistoryFor, setSampleFlag } from './samples.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function contextOf(userName: string): Promise<SignedInContext> {
  const user = await userByName(t.database.db, userName);
  const caller = {
    userId: user.id,
    userName: user.userName,
    fullName: userName,
    roleId: user.roleId,
    sessionId: 0,
    isProviderStaff: isProviderStaffRole(user.roleId),
    isAdmin: true,
    isPetOwner: false,
    isResident: false,
    impersonatedByUserId: null,
  };
  return { ...t.app.services, caller, requestId: 'samples-test', ip: '127.0.0.1' };
}

const ALL = Object.values(S);
const EXPECTED: Record<SampleStatusAction, Partial<Record<number, number>>> = {
  reject: { [S.ProfileCreated]: S.SampleRejected, [S.DnaSampleReceived]: S.SampleRejected },
  accept: { [S.SampleRejected]: S.DnaSampleReceived },
  expire: { [S.ProfileCreated]: S.Expired, [S.DnaSampleReceived]: S.Expired },
  reinstate: { [S.Expired]: S.ProfileCreated },
  void: Object.fromEntries(ALL.filter((s) => s !== S.SampleVoided).map((s) => [s, S.SampleVoided])),
  unvoid: { [S.SampleVoided]: S.ProfileCreated },
  resetToProfileCreated: Object.fromEntries(
    ALL.filter((s) => s !== S.ProfileCreated && s !== S.SampleVoided).map((s) => [s, S.ProfileCreated]),
  ),
  verify: { [S.DnaProcessingComplete]: S.VerificationTestRequested },
};

describe('the status machine', () => {
  test('each action moves exactly the statuses spec 3 §4 allows, for pets', () => {
    for (const [action, allowed] of Object.entries(EXPECTED) as [SampleStatusAction, Record<number, number>][]) {
      const moves = Object.fromEntries(
        ALL.map((from) => [from, decideTransition({ kind: 'pet', action, from, notes: 'because' })] as const)
          .filter(([, decision]) => decision.ok)
          .map(([from, decision]) => [from, decision.ok ? decision.to : null]),
      );
      expect({ action, moves }).toEqual({ action, moves: allowed });
    }
  });

  test('waste samples are voided only from profile created or received', () => {
    const voidable = ALL.filter((from) => decideTransition({ kind: 'waste', action: 'void', from, notes: 'x' }).ok);
    expect(voidable).toEqual([S.ProfileCreated, S.DnaSampleReceived]);
  });

  test('reject, void and unvoid need notes; the others do not', () => {
    expect(decideTransition({ kind: 'pet', action: 'reject', from: S.ProfileCreated, notes: '  ' })).toEqual({
      ok: false,
      reason: 'Notes are required, please provide a rejection reason.',
      field: 'notes',
    });
    expect(decideTransition({ kind: 'pet', action: 'void', from: S.ProfileCreated }).ok).toBe(false);
    expect(decideTransition({ kind: 'pet', action: 'unvoid', from: S.SampleVoided }).ok).toBe(false);
    expect(decideTransition({ kind: 'pet', action: 'expire', from: S.ProfileCreated })).toEqual({
      ok: true,
      to: S.Expired,
    });
  });

  test('reinstate returns an expired sample to the status it expired from', () => {
    const decision = decideTransition({
      kind: 'pet',
      action: 'reinstate',
      from: S.Expired,
      statusBeforeExpiry: S.DnaSampleReceived,
    });
    expect(decision).toEqual({ ok: true, to: S.DnaSampleReceived });
  });
});

describe('sample numbers', () => {
  test('pets take DN or DNI and 7 digits in any case, stored upper-cased; waste takes TD or TDI', () => {
    expect(petSampleNumber.parse(' dn1234567 ')).toBe('DN1234567');
    expect(petSampleNumber.parse('Dni7654321')).toBe('DNI7654321');
    const accepted = ['DN123456', 'DN12345678', 'TD1234567', 'DNX1234567', ''].filter(
      (bad) => petSampleNumber.safeParse(bad).success,
    );
    expect(accepted).toEqual([]);
    expect(wasteSampleNumber.parse('tdi0000001')).toBe('TDI0000001');
    expect(wasteSampleNumber.safeParse('DN1234567').error?.issues[0].message).toBe('Invalid format.');
  });
});

describe('registering pets and changing their samples', () => {
  async function ownerAtNewProperty() {
    const harbor = await groupByName(t.database.db, 'Harbor Property Management');
    const property = await makeGroup(t.database.db, { parentId: harbor.id, groupType: GroupTypes.Property });
    const owner = await makePetOwner(t.database.db, { groupId: property.id });
    return { property, owner };
  }

  test('registerPets creates the pets with history and audit; repeated or taken sample numbers are refused', async () => {
    const ctx = await contextOf('lab.admin');
    const { property, owner } = await ownerAtNewProperty();
    const created = await registerPets(ctx, owner.id, [
      newPet.parse({ name: 'Rex', sampleNumber: 'dn7000001', weight: 40 }),
      newPet.parse({ name: 'Bella' }),
    ]);
    expect(created.map((pet) => pet.sampleNumber)).toEqual(['DN7000001', null]);
    const history = await sampleHistoryFor(ctx, 'dn7000001');
    expect(history).toMatchObject([{ action: 'created', fromStatus: null, toStatus: S.ProfileCreated }]);
    const [tally] = await t.database.db
      .select()
      .from(groupTallies)
      .where(and(eq(groupTallies.groupId, property.id), eq(groupTallies.active, true)));
    expect(tally).toMatchObject({ petsTotal: 2, petsStatus0: 2 });

    await expect(
      registerPets(ctx, owner.id, [newPet.parse({ name: 'Copy', sampleNumber: 'DN7000001' })]),
    ).rejects.toMatchObject({ statusCode: 400, body: { modelState: { 'pets[0].sampleNumber': expect.any(Array) } } });
    await expect(
      registerPets(ctx, owner.id, [
        newPet.parse({ name: 'A', sampleNumber: 'DN7000002' }),
        newPet.parse({ name: 'B', sampleNumber: 'dn7000002' }),
      ]),
    ).rejects.toMatchObject({ statusCode: 400, body: { modelState: { 'pets[1].sampleNumber': expect.any(Array) } } });
  });

  test('property maintenance cannot register dogs; an unknown owner is a 404', async () => {
    const { property, owner } = await ownerAtNewProperty();
    const maintenance = await makeAdmin(t.database.db, { roleId: UserRole.PropertyMaintenance, groupId: property.id });
    await expect(
      registerPets(await contextOf(maintenance.userName), owner.id, [newPet.parse({ name: 'Rex' })]),
    ).rejects.toMatchObject({ statusCode: 403 });
    await expect(
      registerPets(await contextOf('lab.admin'), 2_000_000_000, [newPet.parse({ name: 'Rex' })]),
    ).rejects.toMatchObject({ statusCode: 404 });
  });

  test('status actions update the row, the history, the audit log and the tallies; refusals change nothing', async () => {
    const ctx = await contextOf('lab.admin');
    const { property, owner } = await ownerAtNewProperty();
    const [created] = await registerPets(ctx, owner.id, [newPet.parse({ name: 'Max', sampleNumber: 'DN7000010' })]);
    const load = async () => (await t.database.db.select().from(pets).where(eq(pets.id, created.id)))[0];

    await expect(changeSampleStatus(ctx, petSampleStore, await load(), 'reject', '')).rejects.toMatchObject({
      statusCode: 400,
      body: { modelState: { notes: ['Notes are required, please provide a rejection reason.'] } },
    });
    await expect(changeSampleStatus(ctx, petSampleStore, await load(), 'verify')).rejects.toMatchObject({
      statusCode: 400,
      body: { exceptionMessage: 'A sample with status ProfileCreated cannot be sent for verification.' },
    });
    expect((await load()).customerFacingStatus).toBe(S.ProfileCreated);

    await changeSampleStatus(ctx, petSampleStore, await load(), 'reject', 'Swab was empty');
    expect(await load()).toMatchObject({ customerFacingStatus: S.SampleRejected });
    await changeSampleStatus(ctx, petSampleStore, await load(), 'accept');
    await changeSampleStatus(ctx, petSampleStore, await load(), 'expire');
    expect(await changeSampleStatus(ctx, petSampleStore, await load(), 'reinstate')).toBe(S.DnaSampleReceived);
    await setSampleFlag(ctx, petSampleStore, await load(), true, 'Bites');
    expect(await load()).toMatchObject({ isFlagged: true, flagNotes: 'Bites' });
    await setSampleFlag(ctx, petSampleStore, await load(), false);
    expect(await load()).toMatchObject({ isFlagged: false, flagNotes: null });

    const history = await sampleHistoryFor(ctx, 'DN7000010');
    expect(history.map((entry) => [entry.action, entry.fromStatus, entry.toStatus, entry.notes])).toEqual([
      ['unflag', S.DnaSampleReceived, S.DnaSampleReceived, null],
      ['flag', S.DnaSampleReceived, S.DnaSampleReceived, 'Bites'],
      ['reinstate', S.Expired, S.DnaSampleReceived, null],
      ['expire', S.DnaSampleReceived, S.Expired, null],
      ['accept', S.SampleRejected, S.DnaSampleReceived, null],
      ['reject', S.ProfileCreated, S.SampleRejected, 'Swab was empty'],
      ['created', null, S.ProfileCreated, null],
    ]);
    expect(history[0]).toMatchObject({ changedByName: expect.any(String), entryType: SampleHistoryEntryType.Unflag });
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(created.id)));
    expect(audits.map((row) => row.actionType)).toEqual(
      expect.arrayContaining(['Create', 'SampleStatus:reject', 'SampleStatus:reinstate', 'Flag', 'Unflag']),
    );
    const [tally] = await t.database.db
      .select()
      .from(groupTallies)
      .where(and(eq(groupTallies.groupId, property.id), eq(groupTallies.active, true)));
    expect(tally).toMatchObject({ petsTotal: 1, petsStatus10: 1, petsStatus400: 0, petsStatus15: 0 });
  });
});
