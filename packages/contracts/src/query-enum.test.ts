// queryEnum: the spec's names (any case) and numbers both parse to the number; anything else is refused.
import { expect, test } from 'vitest';
import { queryEnum } from './common.ts';
import { DashboardMode, GroupTypes } from './enums.ts';

test('names and numbers parse to the same value, and only members are accepted', () => {
  const mode = queryEnum(DashboardMode);
  expect(mode.parse('GlobalStatus')).toBe(3);
  expect(mode.parse('globalstatus')).toBe(3);
  expect(mode.parse(' 3 ')).toBe(3);
  expect(mode.parse(3)).toBe(3);
  expect(mode.parse('0')).toBe(DashboardMode.ActiveProperties);
  for (const bad of ['4', '-1', '1.5', 'Global', '', 'toString']) expect(mode.safeParse(bad).success).toBe(false);
  expect(mode.safeParse('x'.repeat(65)).success).toBe(false);
  expect(queryEnum(GroupTypes).parse('Property')).toBe(GroupTypes.Property);
});
