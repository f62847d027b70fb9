import { describe, expect, it } from 'vitest';
import { parseSearch, stringifySearch } from './searchParams';

describe('search params', () => {
  it('keeps values as text', () => {
    expect(parseSearch('?token=1e5&userName=0012&page=2&ascending=true&returnUrl=%2Fadmin%3Fx%3D1')).toEqual({
      token: '1e5',
      userName: '0012',
      page: '2',
      ascending: 'true',
      returnUrl: '/admin?x=1',
    });
  });
  it('writes numbers and booleans plainly and drops empty values', () => {
    expect(stringifySearch({ page: 2, ascending: false, name: 'rex', email: undefined, x: null })).toBe(
      '?page=2&ascending=false&name=rex',
    );
    expect(stringifySearch({})).toBe('');
  });
  it('round-trips', () => {
    const search = { returnUrl: '/system/emaillog?page=2', token: 'a b+c' };
    expect(parseSearch(stringifySearch(search))).toEqual(search);
  });
});
