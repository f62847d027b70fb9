// The one CSV cell writer: every formula start and control character a spreadsheet would act on is neutralised, once.
import { describe, expect, test } from 'vitest';
import { csvField } from './csv.ts';

describe('csvField', () => {
  test.each([
    ['=1+1', "'=1+1"],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=cmd', "'\t=cmd"],
    ['\r=cmd', `"'\r=cmd"`],
  ])('%j is neutralised', (text, written) => expect(csvField(text)).toBe(written));

  test('quotes separators, quotes and line breaks; plain text stays as it is', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('a\rb')).toBe('"a\rb"');
    expect(csvField('Rex')).toBe('Rex');
  });

  test("a number's minus sign is left alone when the caller says it is a number", () => {
    expect(csvField('-3', false)).toBe('-3');
  });
});
