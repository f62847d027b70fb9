// Creates that clash on a unique value at the same moment: every request passes the service's own check before any has
// written, so the database's key decides. The losers answer 400 naming the field, never a 5xx, and exactly one row is
// made. Meaningful on the PostgreSQL run (several connections); on PGlite the requests queue and the check decides.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { UserRole, newProduct } from '@registry/contracts';
import { count, sql } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import { groupByName } from '../../test/factories.ts';
import { dnaPlates, ecommercePromotionCodes, products, users, wasteSamples } from '../db/schema/index.ts';
import { syntheticLabPlate } from '../modules/dna/synthetic-plate.ts';
import { plateUpload } from '../../test/plate-upload.ts';
import { constraintViolation } from './db-errors.ts';

let t: TestApp;
let staff: string;
let oakRidge: number;
beforeAll(async () => {
  t = await startTestApp();
  staff = await t.login('lab.admin');
  oakRidge = (await groupByName(t.database.db, 'Oak Ridge Apartments')).id;
});
afterAll(async () => {
  await t?.close();
});

const PARALLEL = 6;
const tag = () => crypto.randomBytes(3).toString('hex');

/** Sends the requests at once; every answer is a 200 or a 400 (naming `field` when the key decided, saying the
 * service's message when its check did), and exactly one is a 200. */
async function race(field: string, requests: (() => ReturnType<TestApp['call']>)[]) {
  const answers = await Promise.all(requests.map((send) => send()));
  const outcome = ({ status, body }: Awaited<ReturnType<TestApp['call']>>) => {
    if (status === 200) return 'created';
    const named = body?.modelState ? Object.keys(body.modelState).join().includes(field) : !!body?.exceptionMessage;
    return status === 400 && named ? 'refused' : `${status} ${JSON.stringify(body)}`;
  };
  expect(answers.map(outcome).sort()).toEqual(['created', ...Array(requests.length - 1).fill('refused')]);
}

const newAdmin = (userName: string, email: string) => () =>
  t.call('POST', '/api/v1/admin', {
    token: staff,
    body: { firstName: 'Ada', lastName: 'Race', userName, email, roleId: UserRole.PropertyManager, groupId: oakRidge },
  });

describe('parallel creates of one unique value', () => {
  test('admin user names', async () => {
    const userName = `race.${tag()}`;
    await race(
      'userName',
      Array.from({ length: PARALLEL }, (_, i) => newAdmin(userName, `${userName}.${i}@test.example`)),
    );
    const [row] = await t.database.db
      .select({ n: count() })
      .from(users)
      .where(sql`lower(${users.userName}) = ${userName}`);
    expect(row.n).toBe(1);
  });

  test('emails', async () => {
    const email = `race.${tag()}@test.example`;
    await race(
      'email',
      Array.from({ length: PARALLEL }, (_, i) => newAdmin(`race.mail.${tag()}.${i}`, email)),
    );
    const [row] = await t.database.db
      .select({ n: count() })
      .from(users)
      .where(sql`lower(${users.email}) = ${email}`);
    expect(row.n).toBe(1);
  });

  test('waste sample numbers', async () => {
    const sampleNumber = `TD38${crypto.randomInt(10_000, 99_999)}`;
    await race(
      'sampleNumber',
      Array.from(
        { length: PARALLEL },
        () => () =>
          t.call('POST', '/api/v1/wastesamples', {
            token: staff,
            body: { sampleNumber, propertyCollectedFromId: oakRidge },
          }),
      ),
    );
    const [row] = await t.database.db
      .select({ n: count() })
      .from(wasteSamples)
      .where(sql`${wasteSamples.sampleNumber} = ${sampleNumber}`);
    expect(row.n).toBe(1);
  });

  test('promotion codes', async () => {
    const product = await t.call('POST', '/api/v1/products', {
      token: staff,
      body: { ...newProduct(), sku: `R-${tag()}`, name: 'Race kit' },
    });
    expect(product.status).toBe(200);
    const code = `RACE-${tag().toUpperCase()}`;
    await race(
      'code',
      Array.from(
        { length: PARALLEL },
        () => () =>
          t.call('POST', '/api/v1/ecommercepromotioncodes/addcode', {
            token: staff,
            body: { productId: product.body.id, code },
          }),
      ),
    );
    const [row] = await t.database.db
      .select({ n: count() })
      .from(ecommercePromotionCodes)
      .where(sql`upper(${ecommercePromotionCodes.code}) = ${code}`);
    expect(row.n).toBe(1);
  });

  test('product SKUs', async () => {
    const sku = `RS-${tag()}`;
    await race(
      'sku',
      Array.from(
        { length: PARALLEL },
        (_, i) => () =>
          t.call('POST', '/api/v1/products', {
            token: staff,
            body: { ...newProduct(), sku, name: `Race ${i}` },
          }),
      ),
    );
    const [row] = await t.database.db
      .select({ n: count() })
      .from(products)
      .where(sql`upper(${products.sku}) = upper(${sku})`);
    expect(row.n).toBe(1);
  });

  test('plate names', async () => {
    const plate = syntheticLabPlate({ seed: 38, firstNumber: 3800000 });
    const name = `Race plate ${tag()}`;
    await race(
      'plateName',
      Array.from(
        { length: 3 },
        () => () =>
          t.call('POST', '/api/v1/genemapperfileupload/postnewplate', {
            token: staff,
            ...plateUpload(plate.text, { panelId: 'isag-2006-canine' }, `${name}.txt`),
          }),
      ),
    );
    const [row] = await t.database.db
      .select({ n: count() })
      .from(dnaPlates)
      .where(sql`lower(${dnaPlates.plateName}) = lower(${name})`);
    expect(row.n).toBe(1);
  });

  test('pet owners with one name and different emails: each is created, with a user name of their own', async () => {
    const lastName = `Race${tag()}`;
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        t.call('POST', `/api/v1/petownergroups/${oakRidge}/petowners`, {
          token: staff,
          body: { firstName: 'Jo', lastName, email: `jo.${lastName}.${i}@test.example`.toLowerCase() },
        }),
      ),
    );
    expect(
      answers.map((answer) => (answer.status === 200 ? 200 : `${answer.status} ${JSON.stringify(answer.body)}`)),
    ).toEqual(Array(PARALLEL).fill(200));
    const rows = await t.database.db
      .select({ userName: users.userName })
      .from(users)
      .where(sql`${users.lastName} = ${lastName}`);
    const base = `jo.${lastName.toLowerCase()}`;
    expect(rows.map((row) => row.userName).sort()).toEqual(
      [base, ...Array.from({ length: PARALLEL - 1 }, (_, i) => `${base}${i + 2}`)].sort(),
    );
  });
});

describe('numbers the system makes up', () => {
  test('saves of one document at the same moment each become a version of their own', async () => {
    const name = `Race rules ${tag()}`;
    const created = await t.call('POST', '/api/v1/document', { token: staff, body: { name, content: '<p>v1</p>' } });
    expect(created.status).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        t.call('PUT', `/api/v1/document/${created.body.documentId}`, {
          token: staff,
          body: { name, content: `<p>v${i + 2}</p>` },
        }),
      ),
    );
    expect(answers.map((answer) => (answer.status === 200 ? 200 : JSON.stringify(answer.body)))).toEqual(
      Array(PARALLEL).fill(200),
    );
    const read = await t.call('GET', `/api/v1/document/${created.body.documentId}`, { token: staff });
    expect(read.body.versions.map((version: { version: number }) => version.version)).toEqual(
      Array.from({ length: PARALLEL + 1 }, (_, i) => PARALLEL + 1 - i),
    );
  });
});

describe('the translation', () => {
  const dbError = (fields: Record<string, string>) =>
    Object.assign(new Error('Failed query'), { cause: Object.assign(new Error('violates'), fields) });

  test('a known key names its field with the service message; others by their column', () => {
    expect(
      constraintViolation(
        dbError({
          code: '23505',
          constraint: 'users_user_name_lower_key',
          detail: 'Key (lower(user_name))=(ada) already exists.',
        }),
      )?.body,
    ).toEqual({ message: 'The request is invalid.', modelState: { userName: ["User name 'ada' is already taken."] } });
    expect(
      constraintViolation(
        dbError({
          code: '23505',
          constraint: 'x_key',
          detail: 'Key (kind, upper(promo_code))=(1, AB) already exists.',
        }),
      )?.body.modelState,
    ).toEqual({ promoCode: ["'AB' is already in use."] });
    expect(
      constraintViolation(
        dbError({
          code: '23503',
          constraint: 'pets_owner_fkey',
          detail: 'Key (pet_owner_id)=(9) is not present in table "users".',
        }),
      )?.body.modelState,
    ).toEqual({ petOwnerId: ['The selected item does not exist.'] });
    expect(constraintViolation(dbError({ code: '23514' }))).toBeNull();
    expect(constraintViolation(new Error('other'))).toBeNull();
  });
});
