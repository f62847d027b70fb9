// The shared text helper and the bounds of ids and page sizes: what every input field of the API accepts.
import { describe, expect, test } from 'vitest';
import { CONTROL_CHARACTERS_MESSAGE, id, optionalText, pagingQuery, requiredText, textField } from './common.ts';
import { adminUpdateRequest } from './admins.ts';
import { generateTemporaryTokenQuery, tokenRequest } from './accounts.ts';
import { documentWriteRequest } from './system.ts';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('textField', () => {
  test('refuses NUL, the other C0 controls and DEL in a single-line field', () => {
    for (const bad of ['a\u0000b', 'a\u0001', 'tab\there', 'line\nbreak', 'cr\r', '\u001F', 'del\u007F']) {
      expect(messages(textField(50).safeParse(bad))).toContain(CONTROL_CHARACTERS_MESSAGE);
    }
  });

  test('keeps tab and line breaks in a multi-line field, never NUL', () => {
    expect(textField(50, { multiline: true }).safeParse('one\n\ttwo\r\n').success).toBe(true);
    expect(messages(textField(50, { multiline: true }).safeParse('a\u0000'))).toContain(CONTROL_CHARACTERS_MESSAGE);
  });

  test('accepts right-to-left, combining and other Unicode text, and enforces the length', () => {
    expect(textField(50).safeParse('\u202Etxt.exe Z\u0351a\u0300 Zoë 東京').success).toBe(true);
    expect(messages(textField(5).safeParse('x'.repeat(6)))).toContain('Must be at most 5 characters.');
  });

  test('the shared wrappers and the contract schemas use it', () => {
    expect(requiredText(10).safeParse('a\u0000').success).toBe(false);
    expect(optionalText(10).safeParse('a\u0000').success).toBe(false);
    const admin = adminUpdateRequest.safeParse({
      firstName: 'A',
      lastName: 'B',
      userName: 'a\u0000',
      roleId: 7,
      adminNotes: 'one\ntwo',
    });
    expect(admin.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['userName']);
    expect(tokenRequest.safeParse({ grant_type: 'password', userName: 'x\u0000', password: 'p' }).success).toBe(false);
    expect(documentWriteRequest.safeParse({ name: 'Policy', content: '<p>one</p>\n<p>two</p>' }).success).toBe(true);
  });
});

describe('numbers are bounded by their column', () => {
  test('ids stop at 2^31 - 1 and page sizes at 32767', () => {
    expect(id.safeParse('2147483647').success).toBe(true);
    expect(id.safeParse('2147483648').success).toBe(false);
    expect(id.safeParse('9223372036854775808').success).toBe(false);
    expect(id.safeParse('-1').success).toBe(false);
    expect(pagingQuery.safeParse({ pageSize: '32767' }).success).toBe(true);
    expect(pagingQuery.safeParse({ pageSize: '32768' }).success).toBe(false);
    expect(
      adminUpdateRequest.safeParse({ firstName: 'A', lastName: 'B', userName: 'a', roleId: 2 ** 31 }).success,
    ).toBe(false);
  });

  test('sign-in links last 1 to 365 days', () => {
    expect(generateTemporaryTokenQuery.safeParse({ daysValid: '365' }).success).toBe(true);
    expect(generateTemporaryTokenQuery.safeParse({ daysValid: '366' }).success).toBe(false);
    expect(generateTemporaryTokenQuery.safeParse({ daysValid: '0' }).success).toBe(false);
    expect(generateTemporaryTokenQuery.safeParse({ returnUrl: 'https://evil.example' }).success).toBe(false);
  });
});
