// The printable pre-registration flyer: one page with the property's name, the BASE_URL/reg/{code} address and its QR
// code; a property outside the caller's groups is not found, a group without a code is refused.
import { afterAll, beforeAll, expect, test } from 'vitest';
import { pdfPageCount } from '../../platform/pdf.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { groupByName, makeOtherDistributorship } from '../../../test/factories.ts';
import { pdfText } from '../../../test/pdf-reader.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const flyer = async (token: string, groupId: number) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/group/${groupId}/preregistrationflyer`,
    headers: { authorization: `Bearer ${token}` },
  });

test("a property's flyer: one page with its name, the pre-registration address and the QR code", async () => {
  const oakRidge = await groupByName(t.database.db, 'Oak Ridge Apartments');
  const token = await t.login('property.manager');
  const response = await flyer(token, oakRidge.id);
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  expect(pdfPageCount(response.rawPayload)).toBe(1);
  const text = await pdfText(response.rawPayload);
  expect(text).toContain('Oak Ridge Apartments');
  expect(text).toContain(`${t.config.baseUrl}/reg/${oakRidge.propertyPreRegisterCode}`);
  // The QR code's modules are filled rectangles ("re" operators) on the page.
  expect(response.rawPayload.length).toBeGreaterThan(2000);

  const other = await makeOtherDistributorship(t.database.db);
  expect((await flyer(await t.login(other.distributor.userName), oakRidge.id)).statusCode).toBe(404);
  const root = await groupByName(t.database.db, 'Sunbelt Pet Services');
  expect((await flyer(await t.login('lab.admin'), root.id)).statusCode).toBe(400);
});
