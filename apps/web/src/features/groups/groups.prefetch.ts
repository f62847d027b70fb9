// What a group page's route asks for before the page renders (docs/decisions/screens.md, "A page's data starts with its
// route"): the frame's group and menu, and the dashboard's counts, all at once. Rendering the signed-in layout and the
// page takes a few hundred milliseconds on the 2-core machine; started from the page's components, these requests
// waited for all of it, and the dashboard's for the group's answer as well.
import type { QueryClient } from '@tanstack/react-query';
import type { UserInfo } from '@registry/contracts';
import { dashboardQuery, groupMenuQuery, groupQuery } from './groups.api';
import { shownDashboardMode } from './groups.search';
import { isValidId } from '../../components/NotFound';

/** The group frame's two requests (every group page shows them). */
export function prefetchGroupFrame(queryClient: QueryClient, groupId: number): void {
  if (!isValidId(groupId)) return;
  void queryClient.prefetchQuery(groupQuery(groupId));
  void queryClient.prefetchQuery(groupMenuQuery(groupId));
}

/** The dashboard: its frame and the counts in the mode the page will show for `requestedMode` and this user. */
export function prefetchGroupDashboard(
  queryClient: QueryClient,
  groupId: number,
  requestedMode: number | undefined,
  user: Pick<UserInfo, 'isBioPetAdmin'> | undefined,
): void {
  prefetchGroupFrame(queryClient, groupId);
  // Without the user the page does not ask yet either (its query waits for the user).
  if (!user || !isValidId(groupId)) return;
  void queryClient.prefetchQuery(dashboardQuery(groupId, shownDashboardMode(requestedMode, user.isBioPetAdmin)));
}
