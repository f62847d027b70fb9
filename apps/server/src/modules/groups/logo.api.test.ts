// Logo upload: size and type checks, one logo per group (the newer replaces and deletes the older), served back by name,
// from the local folder and from S3-compatible object storage (an in-process S3 server).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Messages } from '@registry/contracts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { groupByName, makeOtherDistributorship } from '../../../test/factories.ts';
import { startS3Server, type S3TestServer } from '../../../test/s3.ts';

let t: TestApp;
let other: Awaited<ReturnType<typeof makeOtherDistributorship>>;
const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'logo-test-'));
beforeAll(async () => {
  t = await startTestApp({ filesDir });
  other = await makeOtherDistributorship(t.database.db);
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(filesDir, { recursive: true, force: true });
});

function multipart(content: Buffer, contentType: string, fileName = 'logo.png') {
  const boundary = '----registrytest';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    body: Buffer.concat([head, content, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function upload(groupId: number, token: string | undefined, content: Buffer, contentType: string) {
  const { body, headers } = multipart(content, contentType);
  return t.call('POST', `/api/v1/logoupload/postnewlogo/${groupId}`, { token, body, headers });
}

const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const storedFiles = () => fs.readdirSync(filesDir).sort();

describe('POST /logoupload/postnewlogo/{groupId}', () => {
  test('stores the logo, serves it with its type, and a newer logo replaces the older file', async () => {
    const oak = await groupByName(t.database.db, 'Oak Ridge Apartments');
    const token = await t.login('property.manager');
    const first = await upload(oak.id, token, png, 'image/png');
    expect(first.status).toBe(200);
    expect(first.body.logoUrl).toMatch(/^\/api\/v1\/files\/[0-9a-f]{32}\.png$/);
    const served = await t.app.inject({ method: 'GET', url: first.body.logoUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(png)).toBe(true);
    expect(storedFiles()).toHaveLength(1);
    const second = await upload(oak.id, token, Buffer.from('GIF89a'), 'image/gif');
    expect(second.body.logoUrl).not.toBe(first.body.logoUrl);
    expect(storedFiles()).toEqual([second.body.logoUrl.split('/').pop()]);
    expect((await t.app.inject({ method: 'GET', url: first.body.logoUrl })).statusCode).toBe(404);
    expect((await t.call('GET', `/api/v1/group/${oak.id}`, { token })).body.logoUrl).toBe(second.body.logoUrl);
    expect((await t.call('GET', `/api/v1/certificatecustomization/${oak.id}`, { token })).body.logoUrl).toBe(
      second.body.logoUrl,
    );
  });

  test('too large, not an image, no file: refused with the spec messages and nothing stored', async () => {
    const maple = await groupByName(t.database.db, 'Maple Court');
    const token = await t.login('firm.manager');
    const before = storedFiles();
    const large = await upload(maple.id, token, Buffer.alloc(2_000_001, 1), 'image/png');
    expect(large.status).toBe(400);
    expect(large.body.exceptionMessage).toBe(Messages.logoTooLarge);
    const text = await upload(maple.id, token, Buffer.from('hello'), 'text/plain');
    expect(text.body.exceptionMessage).toBe(Messages.logoNotImage);
    const json = await t.call('POST', `/api/v1/logoupload/postnewlogo/${maple.id}`, { token, body: { file: 'x' } });
    expect(json.status).toBe(400);
    expect(storedFiles()).toEqual(before);
    expect((await groupByName(t.database.db, 'Maple Court')).logoPath).toBeNull();
    const exact = await upload(
      maple.id,
      token,
      Buffer.concat([png, Buffer.alloc(2_000_000 - png.length, 1)]),
      'image/png',
    );
    expect(exact.status).toBe(200);
  });

  test('the type comes from the bytes: HTML and SVG are refused whatever they claim, a mislabelled PNG is stored as PNG', async () => {
    const maple = await groupByName(t.database.db, 'Maple Court');
    const token = await t.login('lab.admin');
    const before = storedFiles();
    const html = await upload(maple.id, token, Buffer.from('<html><script>alert(1)</script></html>'), 'image/png');
    expect(html.status).toBe(400);
    expect(html.body).toEqual({
      message: Messages.imageTypeNotAccepted,
      exceptionMessage: Messages.imageTypeNotAccepted,
      modelState: { file: [Messages.imageTypeNotAccepted] },
    });
    const svg = await upload(
      maple.id,
      token,
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
      'image/svg+xml',
    );
    expect(svg.status).toBe(400);
    expect(svg.body.exceptionMessage).toBe(Messages.imageTypeNotAccepted);
    expect(storedFiles()).toEqual(before);
    const mislabelled = await upload(maple.id, token, png, 'image/gif');
    expect(mislabelled.body.logoUrl).toMatch(/\.png$/);
    const jpeg = await upload(maple.id, token, Buffer.from('ffd8ffe000104a464946', 'hex'), 'image/jpeg');
    expect(jpeg.body.logoUrl).toMatch(/\.jpg$/);
    const webp = await upload(
      maple.id,
      token,
      Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')]),
      'application/octet-stream',
    );
    expect(webp.body.logoUrl).toMatch(/\.webp$/);
    expect((await t.app.inject({ method: 'GET', url: webp.body.logoUrl })).headers['content-type']).toBe('image/webp');
  });

  test('outsiders, maintenance, pet owners and anonymous callers cannot upload; unknown names are 404', async () => {
    const oak = await groupByName(t.database.db, 'Oak Ridge Apartments');
    expect((await upload(oak.id, await t.login(other.distributor.userName), png, 'image/png')).status).toBe(404);
    expect((await upload(oak.id, await t.login('property.maintenance'), png, 'image/png')).status).toBe(403);
    expect((await upload(oak.id, await t.login('pet.owner'), png, 'image/png')).status).toBe(403);
    expect((await upload(oak.id, undefined, png, 'image/png')).status).toBe(401);
    expect((await upload(999999, await t.login('lab.admin'), png, 'image/png')).status).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/files/0123456789abcdef0123456789abcdef.png' })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/files/..%2F..%2Fetc%2Fpasswd' })).statusCode).toBe(404);
  });
});

describe('with the S3 files store configured', () => {
  let s3: S3TestServer;
  let onS3: TestApp;
  // The folder the app would use without a bucket: it must stay empty.
  const unusedDir = fs.mkdtempSync(path.join(os.tmpdir(), 'logo-s3-test-'));
  beforeAll(async () => {
    s3 = await startS3Server();
    onS3 = await startTestApp({ filesDir: unusedDir, filesS3: s3.settings({ prefix: 'uploads/' }) });
  });
  afterAll(async () => {
    await onS3?.close();
    await s3?.close();
    fs.rmSync(unusedDir, { recursive: true, force: true });
  });

  test('an uploaded logo lands in the bucket, is served back by GET /files/{name}, and a newer one deletes it', async () => {
    const oak = await groupByName(onS3.database.db, 'Oak Ridge Apartments');
    const token = await onS3.login('property.manager');
    const { body, headers } = multipart(png, 'image/png');
    const first = await onS3.call('POST', `/api/v1/logoupload/postnewlogo/${oak.id}`, { token, body, headers });
    expect(first.status).toBe(200);
    const firstName = first.body.logoUrl.split('/').pop();
    expect(await s3.keys()).toEqual([`uploads/${firstName}`]);
    expect(fs.readdirSync(unusedDir)).toEqual([]);

    const served = await onS3.app.inject({ method: 'GET', url: first.body.logoUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(png)).toBe(true);

    const gif = multipart(Buffer.from('GIF89a'), 'image/gif', 'logo.gif');
    const second = await onS3.call('POST', `/api/v1/logoupload/postnewlogo/${oak.id}`, {
      token,
      body: gif.body,
      headers: gif.headers,
    });
    expect(second.status).toBe(200);
    expect(await s3.keys()).toEqual([`uploads/${second.body.logoUrl.split('/').pop()}`]);
    expect((await onS3.app.inject({ method: 'GET', url: first.body.logoUrl })).statusCode).toBe(404);
    const servedGif = await onS3.app.inject({ method: 'GET', url: second.body.logoUrl });
    expect(servedGif.headers['content-type']).toBe('image/gif');
    expect(servedGif.body).toBe('GIF89a');
  });
});
