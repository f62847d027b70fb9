// Waste samples against the real API and database: entry, lookup, receipt, delete, transfer, scope and roles.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  Messages,
  SampleCustomerStatus as S,
  SampleMessages,
  WasteSampleReceiptFollowupAction,
} from '@registry/contracts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { groupByName, makeOtherDistributorship } from '../../../test/factories.ts';
import { auditLog, groupTallies } from '../../db/schema/index.ts';
import { findWasteSampleNumbers } from './wastesamples.service.ts';

let t: TestApp;
let oakRidge: number;
let mapleCourt: number;
beforeAll(async () => {
  t = await startTestApp();
  oakRidge = (await groupByName(t.database.db, 'Oak Ridge Apartments')).id;
  mapleCourt = (await groupByName(t.database.db, 'Maple Court')).id;
});
afterAll(async () => {
  await t?.close();
});

let serial = 1000;
const nextNumber = (prefix = 'TD') => `${prefix}${String(++serial).padStart(7, '0')}`;
/** Notes go as the JSON string body itself. */
const notes = (text: string) => ({ body: JSON.stringify(text), headers: { 'content-type': 'application/json' } });

async function enter(userName: string, body: Record<string, unknown>) {
  return t.call('POST', '/api/v1/wastesamples', { token: await t.login(userName), body });
}

describe('entry and lookup', () => {
  test('a property manager enters a sample on their property: stored upper-cased, audited, found by number', async () => {
    const number = nextNumber('tdi'); // typed in lower case: stored upper-cased
    const created = await enter('property.manager', {
      sampleNumber: number,
      propertyCollectedFromId: oakRidge,
      collectionLocationNotes: 'By the dog park gate',
      collectedByName: 'Marco Diaz',
      dateCollected: '2026-11-20',
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      warning: null,
      sample: {
        sampleNumber: number.toUpperCase(),
        propertyCollectedFromId: oakRidge,
        propertyCollectedFromName: 'Oak Ridge Apartments',
        customerFacingStatus: S.ProfileCreated,
        dateCollected: '2026-11-20',
        isFlagged: false,
      },
    });
    const token = await t.login('property.manager');
    const found = await t.call('GET', `/api/v1/wastesamples/getwastesamplebysamplenumber?sampleNumber=${number}`, {
      token,
    });
    expect(found.body.sampleId).toBe(created.body.sample.sampleId);
    const details = await t.call(
      'GET',
      `/api/v1/wastesamples/getwastesampledetails?wasteSampleId=${created.body.sample.sampleId}`,
      { token },
    );
    expect(details.body.collectionLocationNotes).toBe('By the dog park gate');
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'WasteSample'), eq(auditLog.entityId, String(created.body.sample.sampleId))));
    expect(audit.map((entry) => entry.actionType)).toEqual(['Create']);
  });

  test('bad numbers, duplicates and non-property groups are refused naming the field', async () => {
    const bad = await enter('property.manager', { sampleNumber: 'DN1234567', propertyCollectedFromId: oakRidge });
    expect(bad.status).toBe(400);
    expect(bad.body.modelState.sampleNumber).toEqual([SampleMessages.invalidFormat]);
    const short = await enter('property.manager', { sampleNumber: 'TD123', propertyCollectedFromId: oakRidge });
    expect(short.body.modelState.sampleNumber).toEqual([SampleMessages.invalidFormat]);
    const number = nextNumber();
    expect((await enter('property.manager', { sampleNumber: number, propertyCollectedFromId: oakRidge })).status).toBe(
      200,
    );
    const again = await enter('lab.admin', { sampleNumber: number.toLowerCase(), propertyCollectedFromId: mapleCourt });
    expect(again.status).toBe(400);
    expect(again.body.modelState.sampleNumber).toEqual([Messages.wasteSampleExists(number.toUpperCase())]);
    const harbor = await groupByName(t.database.db, 'Harbor Property Management');
    const notProperty = await enter('lab.admin', { sampleNumber: nextNumber(), propertyCollectedFromId: harbor.id });
    expect(notProperty.body.modelState.propertyCollectedFromId).toEqual([Messages.wasteSampleNeedsProperty]);
    const lookup = await t.call('GET', '/api/v1/wastesamples/getwastesamplebysamplenumber?sampleNumber=TD99', {
      token: await t.login('lab.admin'),
    });
    expect(lookup.status).toBe(400);
    const unknown = await t.call('GET', '/api/v1/wastesamples/getwastesamplebysamplenumber?sampleNumber=TD9999999', {
      token: await t.login('lab.admin'),
    });
    expect(unknown.status).toBe(404);
  });

  test('property maintenance creates samples and may do nothing else with them', async () => {
    const number = nextNumber();
    const created = await enter('property.maintenance', { sampleNumber: number, propertyCollectedFromId: oakRidge });
    expect(created.status).toBe(200);
    const id = created.body.sample.sampleId;
    const token = await t.login('property.maintenance');
    const body = { sampleId: id, sampleNumber: number, propertyCollectedFromId: oakRidge, bioPetNotes: 'x' };
    expect((await t.call('PUT', '/api/v1/wastesamples', { token, body })).status).toBe(403);
    expect((await t.call('DELETE', `/api/v1/wastesamples/${id}?confirmation=${number}`, { token })).status).toBe(403);
    expect((await t.call('POST', `/api/v1/wastesamples/flag/${id}`, { token, ...notes('odd') })).status).toBe(403);
    expect((await t.call('POST', '/api/v1/wastesamples/receivewastesample', { token, body })).status).toBe(403);
    expect((await t.call('POST', `/api/v1/wastesamples/expire/${id}`, { token })).status).toBe(403);
  });

  test('a property admin sees only their own properties’ samples; pet owners are refused', async () => {
    const number = nextNumber();
    const created = await enter('lab.admin', { sampleNumber: number, propertyCollectedFromId: mapleCourt });
    const id = created.body.sample.sampleId;
    const other = await makeOtherDistributorship(t.database.db);
    const outsider = await t.login(other.propertyManager.userName);
    expect(
      (
        await t.call('GET', `/api/v1/wastesamples/getwastesamplebysamplenumber?sampleNumber=${number}`, {
          token: outsider,
        })
      ).status,
    ).toBe(404);
    expect(
      (await t.call('GET', `/api/v1/wastesamples/getwastesampledetails?wasteSampleId=${id}`, { token: outsider }))
        .status,
    ).toBe(404);
    expect((await t.call('PUT', `/api/v1/wastesamples/unFlag/${id}`, { token: outsider })).status).toBe(404);
    // Entering one on a property outside their scope answers like a missing property.
    const elsewhere = await t.call('POST', '/api/v1/wastesamples', {
      token: outsider,
      body: { sampleNumber: nextNumber(), propertyCollectedFromId: mapleCourt },
    });
    expect(elsewhere.status).toBe(404);
    const owner = await t.login('pet.owner');
    expect(
      (await t.call('GET', `/api/v1/wastesamples/getwastesampledetails?wasteSampleId=${id}`, { token: owner })).status,
    ).toBe(403);
    expect((await t.call('GET', `/api/v1/wastesamples/getwastesampledetails?wasteSampleId=${id}`)).status).toBe(401);
  });
});

describe('receipt', () => {
  const receive = async (body: Record<string, unknown>) =>
    t.call('POST', '/api/v1/wastesamples/receivewastesample', { token: await t.login('lab.admin'), body });

  test('the lab receives an entered sample once; a voided one and a received one are refused with the spec text', async () => {
    const number = nextNumber();
    await enter('property.manager', { sampleNumber: number, propertyCollectedFromId: oakRidge });
    const received = await receive({ sampleNumber: number, propertyCollectedFromId: oakRidge, bioPetNotes: 'fresh' });
    expect(received.status).toBe(200);
    expect(received.body.sample).toMatchObject({
      customerFacingStatus: S.DnaSampleReceived,
      bioPetNotes: 'fresh',
      dateReceived: expect.any(String),
    });
    const twice = await receive({ sampleNumber: number, propertyCollectedFromId: oakRidge });
    expect(twice.status).toBe(400);
    expect(twice.body.exceptionMessage).toBe(Messages.sampleAlreadyReceived(number));

    const voided = nextNumber();
    const made = await enter('lab.admin', { sampleNumber: voided, propertyCollectedFromId: oakRidge });
    const token = await t.login('lab.admin');
    await t.call('POST', `/api/v1/wastesamples/void/${made.body.sample.sampleId}`, { token, ...notes('Leaking bag') });
    const refusedVoid = await receive({ sampleNumber: voided, propertyCollectedFromId: oakRidge });
    expect(refusedVoid.body.exceptionMessage).toBe(Messages.sampleHasBeenVoided(voided));
  });

  test('an unknown number is created as received; a follow-up rejects it in the same step', async () => {
    const number = nextNumber();
    const received = await receive({ sampleNumber: number, propertyCollectedFromId: mapleCourt });
    expect(received.body.sample).toMatchObject({ sampleNumber: number, customerFacingStatus: S.DnaSampleReceived });
    const rejected = await receive({
      sampleNumber: nextNumber(),
      propertyCollectedFromId: mapleCourt,
      followupAction: WasteSampleReceiptFollowupAction.Reject,
      followupActionNotes: 'Not enough material',
    });
    expect(rejected.body.sample).toMatchObject({ customerFacingStatus: S.SampleRejected, followupAction: 1 });
    const noNotes = await receive({
      sampleNumber: nextNumber(),
      propertyCollectedFromId: mapleCourt,
      followupAction: WasteSampleReceiptFollowupAction.Void,
    });
    expect(noNotes.body.modelState.followupActionNotes).toEqual([SampleMessages.notesRequired]);
  });
});

describe('status actions, flags and history', () => {
  test('reject, accept, expire, reinstate, void, unvoid and reset follow the status rules and are in the history', async () => {
    const number = nextNumber();
    const created = await enter('lab.admin', { sampleNumber: number, propertyCollectedFromId: oakRidge });
    const id = created.body.sample.sampleId;
    const token = await t.login('lab.admin');
    const act = (action: string, body?: string) =>
      t.call('POST', `/api/v1/wastesamples/${action}/${id}`, { token, ...(body === undefined ? {} : notes(body)) });
    const noNotes = await act('reject', '');
    expect(noNotes.status).toBe(400);
    expect(noNotes.body.modelState.notes).toEqual([SampleMessages.rejectNotesRequired]);
    expect((await act('reject', 'Wrong container')).body.customerFacingStatus).toBe(S.SampleRejected);
    const refusedExpire = await act('expire');
    expect(refusedExpire.status).toBe(400);
    expect(refusedExpire.body.exceptionMessage).toBe('A sample with status SampleRejected cannot be expired.');
    expect((await act('accept')).body.customerFacingStatus).toBe(S.DnaSampleReceived);
    expect((await act('expire')).body.customerFacingStatus).toBe(S.Expired);
    expect((await act('reinstate')).body.customerFacingStatus).toBe(S.DnaSampleReceived);
    expect((await act('void', 'Duplicate bag')).body.customerFacingStatus).toBe(S.SampleVoided);
    expect((await act('unvoid', 'Bag was fine')).body.customerFacingStatus).toBe(S.ProfileCreated);
    await act('expire');
    expect((await act('resetcustomerfacingstatustoprofilecreated')).body.customerFacingStatus).toBe(S.ProfileCreated);

    const history = await t.call('GET', `/api/v1/wastesamples/getsamplehistory?sampleNumber=${number}`, { token });
    expect(history.body.map((entry: { toStatus: number }) => entry.toStatus)).toEqual([
      S.ProfileCreated,
      S.Expired,
      S.ProfileCreated,
      S.SampleVoided,
      S.DnaSampleReceived,
      S.Expired,
      S.DnaSampleReceived,
      S.SampleRejected,
      S.ProfileCreated,
    ]);
    expect(history.body[3]).toMatchObject({
      action: 'void',
      notes: 'Duplicate bag',
      changedByName: expect.any(String),
    });
    expect(history.body.at(-1)).toMatchObject({ action: 'created', fromStatus: null });
  });

  test('flag notes are at most 250 characters; unflag clears the flag; a flagged sample saves with a warning', async () => {
    const number = nextNumber();
    const created = await enter('property.manager', { sampleNumber: number, propertyCollectedFromId: oakRidge });
    const id = created.body.sample.sampleId;
    const token = await t.login('property.manager');
    const long = await t.call('POST', `/api/v1/wastesamples/flag/${id}`, { token, ...notes('x'.repeat(251)) });
    expect(long.status).toBe(400);
    expect(JSON.stringify(long.body)).toContain('Must be at most 250 characters.');
    const flagged = await t.call('POST', `/api/v1/wastesamples/flag/${id}`, { token, ...notes('Bag was torn') });
    expect(flagged.body).toMatchObject({ isFlagged: true, flagNotes: 'Bag was torn' });
    const updated = await t.call('PUT', '/api/v1/wastesamples', {
      token,
      body: { sampleId: id, sampleNumber: number, propertyCollectedFromId: oakRidge, collectedByName: 'Priya' },
    });
    expect(updated.body).toMatchObject({ warning: Messages.sampleIsFlagged, sample: { collectedByName: 'Priya' } });
    const unflagged = await t.call('PUT', `/api/v1/wastesamples/unFlag/${id}`, { token });
    expect(unflagged.body).toMatchObject({ isFlagged: false, flagNotes: null });
  });

  test('only the lab moves the customer status', async () => {
    const created = await enter('property.manager', { sampleNumber: nextNumber(), propertyCollectedFromId: oakRidge });
    const token = await t.login('property.manager');
    const response = await t.call('POST', `/api/v1/wastesamples/reject/${created.body.sample.sampleId}`, {
      token,
      ...notes('No'),
    });
    expect(response.status).toBe(403);
  });
});

describe('delete, transfer, orphans and tallies', () => {
  test('delete needs the sample number typed exactly', async () => {
    const number = nextNumber();
    const id = (await enter('property.manager', { sampleNumber: number, propertyCollectedFromId: oakRidge })).body
      .sample.sampleId;
    const token = await t.login('property.manager');
    const wrong = await t.call('DELETE', `/api/v1/wastesamples/${id}?confirmation=TD0000000`, { token });
    expect(wrong.body.exceptionMessage).toBe(Messages.invalidConfirmationText);
    const done = await t.call('DELETE', `/api/v1/wastesamples/${id}?confirmation=${number}`, { token });
    expect(done.body.message).toBe(Messages.wasteSampleDeleted);
    expect(
      (await t.call('GET', `/api/v1/wastesamples/getwastesampledetails?wasteSampleId=${id}`, { token })).status,
    ).toBe(404);
  });

  test('bulk transfer moves samples to a property in scope; the tallies follow the samples', async () => {
    const tally = async (groupId: number) =>
      (
        await t.database.db
          .select()
          .from(groupTallies)
          .where(and(eq(groupTallies.groupId, groupId), eq(groupTallies.active, true)))
      )[0];
    const beforeOak = await tally(oakRidge);
    const beforeMaple = await tally(mapleCourt);
    const ids: number[] = [];
    for (let i = 0; i < 2; i++)
      ids.push(
        (await enter('property.manager', { sampleNumber: nextNumber(), propertyCollectedFromId: oakRidge })).body.sample
          .sampleId,
      );
    expect((await tally(oakRidge)).wasteTotal).toBe(beforeOak.wasteTotal + 2);
    expect((await tally(oakRidge)).wasteStatus0).toBe(beforeOak.wasteStatus0 + 2);
    const token = await t.login('lab.admin');
    const moved = await t.call('POST', '/api/v1/wastesamples/bulktransfer', {
      token,
      body: { destinationId: mapleCourt, sampleIds: ids },
    });
    expect(moved.status).toBe(200);
    expect((await tally(oakRidge)).wasteTotal).toBe(beforeOak.wasteTotal);
    expect((await tally(mapleCourt)).wasteTotal).toBe(beforeMaple.wasteTotal + 2);
    const dashboard = await t.call('GET', `/api/v1/groupdashboard?groupId=${mapleCourt}&dashboardMode=0`, { token });
    expect(dashboard.body.wasteSamplesTracked).toBe(true);
    expect(dashboard.body.wasteSamples.counts).toMatchObject({
      total: (await tally(mapleCourt)).wasteTotal,
      profileCreated: (await tally(mapleCourt)).wasteStatus0,
    });
    // The property manager of Oak Ridge cannot move samples to a property outside their scope.
    const other = await makeOtherDistributorship(t.database.db);
    const refusedMove = await t.call('POST', '/api/v1/wastesamples/bulktransfer', {
      token: await t.login('property.manager'),
      body: { destinationId: other.property.id, sampleIds: ids },
    });
    expect(refusedMove.status).toBe(404);
  });

  test('a sample whose property is deleted is an orphan; the plate upload finds waste numbers', async () => {
    const other = await makeOtherDistributorship(t.database.db);
    const number = nextNumber();
    await enter('lab.admin', { sampleNumber: number, propertyCollectedFromId: other.property.id });
    const token = await t.login('lab.admin');
    const isOrphan = async () =>
      (await t.call('POST', `/api/v1/wastesamples/isorphan?sampleNumber=${number}`, { token })).body.isOrphan;
    expect(await isOrphan()).toBe(false);
    await t.call(
      'DELETE',
      `/api/v1/group/${other.property.id}?confirmation=${encodeURIComponent(other.property.name)}`,
      {
        token,
      },
    );
    expect(await isOrphan()).toBe(true);
    const found = await findWasteSampleNumbers(t.database.db, [number.toLowerCase(), 'TD7777777', 'DN1234567']);
    expect([...found]).toEqual([number]);
  });
});
