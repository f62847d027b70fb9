import { Suspense } from 'react';
import { preloadable } from './preloadable';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { Typography } from 'antd';
import { useCurrentUser } from '../lib/auth';
import { importOnceServerAnswers } from './lazyPage';

// Fetched again once the server answers if it fails (a redeploy under way), instead of failing the layout.
export const GroupTree = preloadable(() =>
  importOnceServerAnswers(() => import('../features/groups/components/GroupTree')).then((m) => m.GroupTree),
);

/** The group tree in its own panel under the menu (it scrolls by itself): selecting a node opens that group's dashboard; the current group is opened and highlighted. */
export function GroupTreeSlot() {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  if (!user?.isAdmin) return null;
  const current = /^\/group\/(\d+)/.exec(pathname);
  return (
    <nav aria-label="Groups" className="app-groups-panel">
      <Typography.Text strong className="app-groups-panel__title">
        Groups
      </Typography.Text>
      <Suspense fallback={null}>
        <GroupTree
          revealSelected
          selectedGroupId={current ? Number(current[1]) : null}
          onSelect={(g) => void navigate({ to: '/group/$id/dashboard', params: { id: String(g.id) } })}
        />
      </Suspense>
    </nav>
  );
}
