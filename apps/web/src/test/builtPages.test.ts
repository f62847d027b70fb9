import { describe, expect, it } from 'vitest';
import { BUILT_PAGES, isBuiltPage } from '../lib/builtPages';
import { pageRoutePaths } from '../app/router';

describe('built pages', () => {
  it('lists exactly the pages the router has', () => {
    expect([...BUILT_PAGES].sort()).toEqual(pageRoutePaths().sort());
  });
  it('tells a built page from an unbuilt one', () => {
    const origin = 'https://registry.example';
    expect(isBuiltPage('/group/5/dashboard', origin)).toBe(true);
    expect(isBuiltPage('/group/5', origin)).toBe(true);
    expect(isBuiltPage('/petowner/42', origin)).toBe(true);
    expect(isBuiltPage('/petowner/42/DN1234567', origin)).toBe(true);
    expect(isBuiltPage('https://registry.example/admin/3', origin)).toBe(true);
    expect(isBuiltPage('/group/5/pets', origin)).toBe(true);
    // The pre-registration and residents pages are built; pages no route has yet are not.
    expect(isBuiltPage('https://registry.example/reg/OAKRIDGE', origin)).toBe(true);
    expect(isBuiltPage('/group/5/residents', origin)).toBe(true);
    expect(isBuiltPage('/group/5/flaggedsamples', origin)).toBe(true);
    expect(isBuiltPage('/group/5/parentage', origin)).toBe(true);
    expect(isBuiltPage('/group/5/no-such-page', origin)).toBe(false);
    // Another site is never one of ours.
    expect(isBuiltPage('https://elsewhere.example/admin/3', origin)).toBe(false);
  });
});
