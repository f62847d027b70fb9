import { describe, expect, it } from 'vitest';
import type { GroupSummary } from '@registry/contracts';
import {
  decideFallback,
  decideLandingAfterLogin,
  loginPath,
  resolveFallback,
  resolveLandingAfterLogin,
  safeReturnUrl,
  type LandingSources,
} from './landing';
import { ApiError } from './api';

const group = (id: number): GroupSummary => ({ id, name: `G${id}`, groupType: 4, isActive: true, parentId: null });
const staff = { isPetOwner: false, isAdmin: true, petOwnerId: null, userName: 'jane', residentId: null };
const owner = { isPetOwner: true, isAdmin: false, petOwnerId: 42, userName: 'owner1', residentId: null };
const resident = { isPetOwner: false, isAdmin: false, petOwnerId: null, userName: 'RES000123', residentId: 7 };
const other = { isPetOwner: false, isAdmin: false, petOwnerId: null, userName: 'someone', residentId: null };

const sources = (over: Partial<LandingSources> = {}): LandingSources => ({
  assignedGroups: async () => [group(5)],
  firstLevelGroups: async () => [group(9), group(10)],
  residentPropertyFeatures: async () => ['Ancestry'],
  ...over,
});

describe('decideLandingAfterLogin', () => {
  it('honours a safe return URL first', () => {
    expect(decideLandingAfterLogin({ user: owner, returnUrl: '/admin/3' })).toEqual({
      kind: 'navigate',
      to: '/admin/3',
    });
  });
  it('ignores off-site and login return URLs', () => {
    expect(safeReturnUrl('https://evil.example/')).toBeNull();
    expect(safeReturnUrl('//evil.example/')).toBeNull();
    expect(safeReturnUrl('/login?returnUrl=/x')).toBeNull();
    expect(decideLandingAfterLogin({ user: owner, returnUrl: '//evil' })).toEqual({
      kind: 'navigate',
      to: '/petowner/42/',
    });
  });
  it('sends a pet owner to their own page', () => {
    expect(decideLandingAfterLogin({ user: owner })).toEqual({ kind: 'navigate', to: '/petowner/42/' });
  });
  it('sends staff with one group to its dashboard', () => {
    expect(decideLandingAfterLogin({ user: staff, assignedGroups: [group(5)] })).toEqual({
      kind: 'navigate',
      to: '/group/5/dashboard',
    });
  });
  it('lets staff with several groups choose', () => {
    const d = decideLandingAfterLogin({ user: staff, assignedGroups: [group(5), group(6)] });
    expect(d.kind).toBe('chooseGroup');
  });
  it('refuses staff with no group', () => {
    const d = decideLandingAfterLogin({ user: staff, assignedGroups: [] });
    expect(d).toMatchObject({ kind: 'error', message: 'You are not assigned to any groups.' });
  });
  it('sends residents by the Ancestry feature', () => {
    expect(decideLandingAfterLogin({ user: resident, residentHasAncestry: true })).toEqual({
      kind: 'navigate',
      to: '/reg/overview',
    });
    expect(decideLandingAfterLogin({ user: resident, residentHasAncestry: false })).toEqual({
      kind: 'navigate',
      to: '/account/manage',
    });
  });
  it('sends everyone else to manage', () => {
    expect(decideLandingAfterLogin({ user: other })).toEqual({ kind: 'navigate', to: '/account/manage' });
  });
});

describe('decideFallback', () => {
  it('sends anonymous users to login carrying the target', () => {
    expect(decideFallback({ target: '/nowhere?x=1', user: null })).toBe('/login?returnUrl=%2Fnowhere%3Fx%3D1');
    expect(loginPath('/')).toBe('/login');
  });
  it('sends pet owners to their page', () => {
    expect(decideFallback({ target: '/x', user: owner })).toBe('/petowner/42/');
  });
  it('sends admins to the first first-level group, or login on 401', () => {
    expect(decideFallback({ target: '/x', user: staff, firstLevelGroups: [group(9), group(10)] })).toBe(
      '/group/9/dashboard',
    );
    expect(decideFallback({ target: '/x', user: staff, firstLevelGroups: 'unauthorized' })).toBe(
      '/login?returnUrl=%2Fx',
    );
  });
  it('sends residents by Ancestry and others to manage', () => {
    expect(decideFallback({ target: '/x', user: resident, residentHasAncestry: true })).toBe('/reg/overview');
    expect(decideFallback({ target: '/x', user: resident, residentHasAncestry: false })).toBe('/account/manage');
    expect(decideFallback({ target: '/x', user: other })).toBe('/account/manage');
  });
});

describe('resolvers', () => {
  const isUnauthorized = (e: unknown) => e instanceof ApiError && e.status === 401;

  it('fetches only what the user kind needs', async () => {
    let assignedCalls = 0;
    const s = sources({ assignedGroups: async () => (assignedCalls++, [group(1), group(2)]) });
    expect((await resolveLandingAfterLogin(owner, null, s)).kind).toBe('navigate');
    expect(assignedCalls).toBe(0);
    expect((await resolveLandingAfterLogin(staff, null, s)).kind).toBe('chooseGroup');
    expect(assignedCalls).toBe(1);
  });
  it('treats any failure of the resident lookup as no Ancestry', async () => {
    const s = sources({ residentPropertyFeatures: async () => Promise.reject(new Error('boom')) });
    expect(await resolveLandingAfterLogin(resident, null, s)).toEqual({ kind: 'navigate', to: '/account/manage' });
    expect(await resolveFallback('/x', resident, s, isUnauthorized)).toBe('/account/manage');
    expect(await resolveFallback('/x', resident, sources(), isUnauthorized)).toBe('/reg/overview');
  });
  it('maps a 401 on first-level groups to login', async () => {
    const s = sources({ firstLevelGroups: async () => Promise.reject(new ApiError(401, {}, 'Unauthorized')) });
    expect(await resolveFallback('/y', staff, s, isUnauthorized)).toBe('/login?returnUrl=%2Fy');
  });
});
