// Auth state: the token lives in storage (tokenStorage), the user in the query cache.
import { QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { Messages } from '@registry/contracts/messages';
import type { UserInfo } from '@registry/contracts';
// Subpaths, not the package index: this module is in the entry chunk, which must not carry zod.
import { accountEndpoints, settingsEndpoints } from '@registry/contracts/endpoints/accounts';
import { adminEndpoints } from '@registry/contracts/endpoints/admins';
import { groupEndpoints } from '@registry/contracts/endpoints/groups';
import { residentEndpoints } from '@registry/contracts/endpoints/residents';
import { ApiError } from './api';
import { callApi } from './client';
import { setLabZone } from './labZone';
import { clearOrderCache } from './orderCache';
import { discardPageViews, flushPageViews } from './pageTracking';
import { clearToken, getToken, isTokenPersistent, setToken } from './tokenStorage';
import type { LandingSources } from './landing';

export const authKeys = {
  all: ['auth'] as const,
  userInfo: () => [...authKeys.all, 'userinfo'] as const,
  features: () => [...authKeys.all, 'features'] as const,
  assignedGroups: () => [...authKeys.all, 'directlyassignedgroups'] as const,
};

export const userInfoQuery = () =>
  queryOptions({
    queryKey: authKeys.userInfo(),
    queryFn: async () => {
      const user = await callApi(accountEndpoints.userInfo, {}, { handleErrorsSpecifically: true });
      setLabZone(user.labTimeZone);
      return user;
    },
    staleTime: 5 * 60_000,
    retry: false,
  });

export const featuresQuery = () =>
  queryOptions({
    queryKey: authKeys.features(),
    queryFn: () => callApi(settingsEndpoints.features),
    staleTime: 5 * 60_000,
  });

export const assignedGroupsQuery = () =>
  queryOptions({
    queryKey: authKeys.assignedGroups(),
    queryFn: () => callApi(adminEndpoints.directlyAssignedGroups),
    staleTime: 5 * 60_000,
  });

/** The signed-in user; undefined while loading or when signed out. */
export function useCurrentUser(): UserInfo | undefined {
  const { data } = useQuery({ ...userInfoQuery(), enabled: getToken() !== null });
  return data;
}

/** Signs in with the password grant; throws an Error carrying the text to show. */
export async function signIn(userName: string, password: string, isPersistent: boolean): Promise<void> {
  let answer: { access_token?: string };
  try {
    answer = await callApi(
      accountEndpoints.token,
      { body: { grant_type: 'password', userName, password, isPersistent: String(isPersistent) } },
      { handleErrorsSpecifically: true },
    );
  } catch (err) {
    if (err instanceof ApiError) throw new Error(err.message, { cause: err });
    throw err;
  }
  if (!answer?.access_token) throw new Error(Messages.noAccessToken);
  setToken(answer.access_token, isPersistent);
}

/** Ends the session; a restored token (after signing in as another user) is kept and the app reloads. */
export async function logout(
  queryClient: QueryClient,
  reload: (to: string) => void = (to) => window.location.assign(to),
): Promise<void> {
  const persistent = isTokenPersistent();
  let restoredToken: string | null | undefined;
  if (getToken()) {
    await flushPageViews();
    discardPageViews();
    try {
      ({ restoredToken } = await callApi(accountEndpoints.logout, {}, { handleErrorsSpecifically: true }));
    } catch {
      // The server may already consider the token dead; signing out locally is what matters.
    }
  }
  clearToken();
  clearOrderCache();
  queryClient.clear();
  if (restoredToken) {
    setToken(restoredToken, persistent);
    reload('/');
  }
}

/** Local sign-out only, for when the server has already refused the token. */
export function dropSession(queryClient: QueryClient): void {
  clearToken();
  clearOrderCache();
  queryClient.clear();
}

export function landingSources(queryClient: QueryClient): LandingSources {
  return {
    assignedGroups: () => queryClient.fetchQuery(assignedGroupsQuery()),
    firstLevelGroups: () => callApi(groupEndpoints.firstLevel, {}, { handleErrorsSpecifically: true }),
    residentPropertyFeatures: async (residentId) => {
      if (residentId == null) throw new Error('No resident record');
      const resident = await callApi(
        residentEndpoints.get,
        { params: { id: residentId } },
        { handleErrorsSpecifically: true },
      );
      return callApi(
        settingsEndpoints.featuresForGroup,
        { query: { groupId: resident.groupId } },
        { handleErrorsSpecifically: true },
      );
    },
  };
}

/**
 * Staff continue as another user (an admin, a pet owner): that user's token replaces ours, kept as ours was, and the
 * app loads afresh at `href`, so nothing of the staff session (cached answers, rights) carries over.
 */
export async function signInAsUser(userId: number, href: string): Promise<void> {
  const { access_token } = await callApi(accountEndpoints.signInAsAnotherUser, { params: { id: userId } });
  if (!access_token) throw new Error(Messages.noAccessToken);
  setToken(access_token, isTokenPersistent());
  window.location.assign(href);
}

export const isUnauthorized = (err: unknown) => err instanceof ApiError && err.status === 401;
