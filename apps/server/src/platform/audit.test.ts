import { expect, test } from 'vitest';
import { auditHash } from './audit.ts';
import { canonicalJson } from './canonical-json.ts';
import { generatePassword, checkPassword } from './passwords.ts';

test('canonical JSON does not depend on key order, and dates become ISO strings', () => {
  expect(canonicalJson({ b: 1, a: { d: [2, { y: 1, x: 2 }], c: null } })).toBe(
    '{"a":{"c":null,"d":[2,{"x":2,"y":1}]},"b":1}',
  );
  expect(canonicalJson({ when: new Date(Date.UTC(2026, 0, 2)) })).toBe('{"when":"2026-01-02T00:00:00.000Z"}');
  expect(canonicalJson({ skipped: undefined, kept: 1 })).toBe('{"kept":1}');
});

test('an audit hash changes with any field and with the previous hash', () => {
  const fields = {
    sequence: 1,
    dateCreated: new Date(0),
    userId: 1,
    userName: 'a',
    entityType: 'User',
    entityId: '1',
    actionType: 'Update',
    before: { x: 1 },
    after: { x: 2 },
    prevHash: '0'.repeat(64),
  };
  const base = auditHash(fields);
  expect(base).toMatch(/^[0-9a-f]{64}$/);
  expect(auditHash({ ...fields, after: { x: 3 } })).not.toBe(base);
  expect(auditHash({ ...fields, prevHash: '1'.repeat(64) })).not.toBe(base);
  expect(auditHash({ ...fields, before: { x: 1 } })).toBe(base);
});

test('generated passwords satisfy every password rule', () => {
  for (let i = 0; i < 200; i++) expect(checkPassword(generatePassword())).toEqual([]);
});
