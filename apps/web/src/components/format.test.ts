import { describe, expect, it } from 'vitest';
import { humanize } from './format';

describe('humanize', () => {
  it('splits enum-style names', () => {
    expect(humanize('PropertyManager')).toBe('Property Manager');
    expect(humanize('BioPetLabAdmin')).toBe('Bio Pet Lab Admin');
    expect(humanize('DNAProfile')).toBe('DNA Profile');
  });
});

describe('counts', () => {
  it('puts the noun in the right number', async () => {
    const { countOf } = await import('./format');
    expect(countOf(1, 'result')).toBe('1 result');
    expect(countOf(0, 'result')).toBe('0 results');
    expect(countOf(1250, 'profile')).toBe('1,250 profiles');
    expect(countOf(2, 'match', 'matches')).toBe('2 matches');
  });
});
