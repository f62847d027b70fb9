// The spec's routing rules (spec 1 §2 "Fallback for unknown URLs", §4 "After login") as pure
// decisions plus thin async resolvers whose data sources are injected, so both are unit-testable.
// Subpath imports keep the contracts' zod schemas out of the first bundle.
import { FeatureName } from '@registry/contracts/enums';
import { Messages } from '@registry/contracts/messages';
import type { GroupSummary, UserInfo } from '@registry/contracts';

const MANAGE_PATH = '/account/manage';
const RESIDENT_LANDING_PATH = '/reg/overview';
const SUPPORT_ADVICE = 'Please email support to be assigned to a group.';

export type Landing =
  | { kind: 'navigate'; to: string }
  | { kind: 'chooseGroup'; groups: GroupSummary[] }
  | { kind: 'error'; message: string; advice: string };

type LandingUser = Pick<UserInfo, 'isPetOwner' | 'isAdmin' | 'petOwnerId' | 'userName'>;

export const petOwnerPath = (petOwnerId: number | null | undefined) => `/petowner/${petOwnerId ?? ''}/`;
export const groupDashboardPath = (groupId: number) => `/group/${groupId}/dashboard`;
export const groupDetailsPath = (groupId: number) => `/group/${groupId}`;
export const violationNoticePath = (noticeId: number) => `/violations/${noticeId}`;
const isResidentUserName = (userName: string) => userName.toUpperCase().startsWith('RES');

const ANONYMOUS_PATHS = ['/login', '/forgot', '/resetpassword', '/token-login', '/confirm-email'];
const isAnonymousPath = (path: string) =>
  ANONYMOUS_PATHS.some((p) => path === p || path.startsWith(`${p}?`) || path.startsWith(`${p}/`));

/** Only same-origin app paths are honoured, so a crafted link cannot bounce the user elsewhere. */
export function safeReturnUrl(returnUrl: string | null | undefined): string | null {
  if (!returnUrl) return null;
  const url = returnUrl.trim();
  if (!url.startsWith('/') || url.startsWith('//') || url.startsWith('/\\')) return null;
  if (isAnonymousPath(url)) return null;
  return url;
}

export function loginPath(returnUrl?: string | null): string {
  const safe = safeReturnUrl(returnUrl);
  return safe && safe !== '/' ? `/login?returnUrl=${encodeURIComponent(safe)}` : '/login';
}

type UserKind = 'petOwner' | 'staff' | 'resident' | 'other';
function userKind(user: LandingUser): UserKind {
  if (user.isPetOwner) return 'petOwner';
  if (user.isAdmin) return 'staff';
  if (isResidentUserName(user.userName)) return 'resident';
  return 'other';
}

export interface LandingFacts {
  returnUrl?: string | null;
  user: LandingUser;
  /** Staff only: the groups the user is directly assigned to. */
  assignedGroups?: GroupSummary[];
  /** Residents only: whether the resident's property has the Ancestry feature (false on any failure). */
  residentHasAncestry?: boolean;
}

export function decideLandingAfterLogin(facts: LandingFacts): Landing {
  const ret = safeReturnUrl(facts.returnUrl);
  if (ret) return { kind: 'navigate', to: ret };
  const { user } = facts;
  switch (userKind(user)) {
    case 'petOwner':
      return { kind: 'navigate', to: petOwnerPath(user.petOwnerId) };
    case 'staff': {
      const groups = facts.assignedGroups ?? [];
      if (groups.length === 1) return { kind: 'navigate', to: groupDashboardPath(groups[0].id) };
      if (groups.length > 1) return { kind: 'chooseGroup', groups };
      return { kind: 'error', message: Messages.notAssignedToGroups, advice: SUPPORT_ADVICE };
    }
    case 'resident':
      return { kind: 'navigate', to: facts.residentHasAncestry ? RESIDENT_LANDING_PATH : MANAGE_PATH };
    default:
      return { kind: 'navigate', to: MANAGE_PATH };
  }
}

export interface FallbackFacts {
  target: string;
  /** null when not signed in. */
  user: LandingUser | null;
  /** Admins: first-level groups, or 'unauthorized' when that lookup answered 401. */
  firstLevelGroups?: GroupSummary[] | 'unauthorized';
  residentHasAncestry?: boolean;
}

export function decideFallback(facts: FallbackFacts): string {
  const { user, target } = facts;
  if (!user) return isAnonymousPath(target) ? target : loginPath(target);
  if (user.isPetOwner) return petOwnerPath(user.petOwnerId);
  if (user.isAdmin) {
    if (facts.firstLevelGroups === 'unauthorized') return loginPath(target);
    const first = facts.firstLevelGroups?.[0];
    return first ? groupDashboardPath(first.id) : MANAGE_PATH;
  }
  if (isResidentUserName(user.userName)) return facts.residentHasAncestry ? RESIDENT_LANDING_PATH : MANAGE_PATH;
  return MANAGE_PATH;
}

export interface LandingSources {
  assignedGroups: () => Promise<GroupSummary[]>;
  firstLevelGroups: () => Promise<GroupSummary[]>;
  /** Features of the resident's property; throws when the resident or property cannot be found. */
  residentPropertyFeatures: (residentId: number | null) => Promise<string[]>;
}

async function residentHasAncestry(user: Pick<UserInfo, 'residentId'>, sources: LandingSources): Promise<boolean> {
  try {
    const features = await sources.residentPropertyFeatures(user.residentId ?? null);
    return features.includes(FeatureName.Ancestry);
  } catch {
    return false;
  }
}

type ResolverUser = LandingUser & Pick<UserInfo, 'residentId'>;

export async function resolveLandingAfterLogin(
  user: ResolverUser,
  returnUrl: string | null | undefined,
  sources: LandingSources,
): Promise<Landing> {
  if (safeReturnUrl(returnUrl)) return decideLandingAfterLogin({ user, returnUrl });
  const kind = userKind(user);
  if (kind === 'staff') return decideLandingAfterLogin({ user, assignedGroups: await sources.assignedGroups() });
  if (kind === 'resident')
    return decideLandingAfterLogin({ user, residentHasAncestry: await residentHasAncestry(user, sources) });
  return decideLandingAfterLogin({ user });
}

export async function resolveFallback(
  target: string,
  user: ResolverUser | null,
  sources: LandingSources,
  isUnauthorized: (err: unknown) => boolean,
): Promise<string> {
  if (!user) return decideFallback({ target, user });
  const kind = userKind(user);
  if (kind === 'staff') {
    let firstLevelGroups: GroupSummary[] | 'unauthorized';
    try {
      firstLevelGroups = await sources.firstLevelGroups();
    } catch (err) {
      if (!isUnauthorized(err)) throw err;
      firstLevelGroups = 'unauthorized';
    }
    return decideFallback({ target, user, firstLevelGroups });
  }
  if (kind === 'resident')
    return decideFallback({ target, user, residentHasAncestry: await residentHasAncestry(user, sources) });
  return decideFallback({ target, user });
}
