import { describe, expect, it } from 'vitest';
import { isRedirect } from '@tanstack/react-router';
import { adminSearchParams } from '../features/admins/admins.search';
import { dashboardSearch } from '../features/groups/groups.search';
import { chosenSearch, lazySearch } from './routeSearch';

describe('route search from the screen schemas', () => {
  it('keeps the chosen values, parsed, and drops defaults and bad values', () => {
    expect(chosenSearch(adminSearchParams, { page: '2', pageSize: '25', name: 'ann', ascending: 'true' })).toEqual({
      page: 2,
      name: 'ann',
      ascending: true,
    });
    expect(chosenSearch(adminSearchParams, { page: 'abc', pageSize: '-4', ascending: 'maybe' })).toEqual({});
    expect(chosenSearch(dashboardSearch, { dashboardMode: '2' })).toEqual({ dashboardMode: 2 });
    expect(chosenSearch(dashboardSearch, { dashboardMode: '9' })).toEqual({});
  });

  it('loads the schema on the first visit and reloads the URL once, then validates without loading again', async () => {
    let loads = 0;
    const search = lazySearch(async () => {
      loads += 1;
      return dashboardSearch;
    });
    expect(search.validateSearch({ dashboardMode: '2' })).toEqual({});
    const first = await search
      .beforeLoad({ location: { href: '/group/5/dashboard?dashboardMode=2' } })
      .catch((e: unknown) => e);
    expect(isRedirect(first)).toBe(true);
    expect(search.validateSearch({ dashboardMode: '2' })).toEqual({ dashboardMode: 2 });
    await expect(
      search.beforeLoad({ location: { href: '/group/5/dashboard?dashboardMode=2' } }),
    ).resolves.toBeUndefined();
    expect(loads).toBe(1);
  });
});
