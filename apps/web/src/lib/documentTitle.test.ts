import { describe, expect, it } from 'vitest';
import { BRAND_NAME } from './brand';
import { documentTitleOf } from './documentTitle';

describe('the tab title', () => {
  it('names the page, its group, then the brand, leaving empty parts out', () => {
    expect(documentTitleOf('Residents', null, 'Oak Ridge Apartments')).toBe(
      `Residents · Oak Ridge Apartments · ${BRAND_NAME}`,
    );
  });

  it('says the brand once when the group is named after it (the hierarchy root)', () => {
    expect(documentTitleOf('Dashboard', BRAND_NAME)).toBe(`Dashboard · ${BRAND_NAME}`);
  });
});
