import { describe, expect, it } from 'vitest';
import { humanize } from './format';

describe('humanize', () => {
  it('splits enum-style names', () => {
    expect(humanize('PropertyManager')).toBe('Property Manager');
    expect(humanize('BioPetLabAdmin')).toBe('Bio Pet Lab Admin');
    expect(humanize('DNAProfile')).toBe('DNA Profile');
  });
});
