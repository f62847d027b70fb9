// The frame of every group page (heading, the tabs the group menu allows, the page-fit fallback), shared by the group,
// pet owner, pet, resident, result and parentage features. The group's queries come from the groups feature through
// GroupFrameSource, which the signed-in shell provides, so this frame imports no feature.
import { createContext, useContext, useEffect } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { Menu, Space, Tag } from 'antd';
import { can, groupTypeLabel, type EndpointResponse, type groupEndpoints } from '@registry/contracts';
import { PageTitle } from './PageTitle';
import { NotFound, isValidId } from './NotFound';
import { ErrorPresenter } from './ErrorPresenter';
import { pageFitsGroupType, type GroupPage } from '../lib/groupPages';
import { useCurrentUser } from '../lib/auth';

type GroupDetails = EndpointResponse<typeof groupEndpoints.get>;
type GroupMenu = EndpointResponse<typeof groupEndpoints.menu>;

/**
 * The queries a group page reads, keyed by the groups feature so its mutations refresh the frame (the key's exact tuple
 * type is the feature's business, hence `any`).
 */
export interface GroupFrameSource {
  groupQuery: (id: number) => UseQueryOptions<GroupDetails, Error, GroupDetails, any>;
  groupMenuQuery: (id: number) => UseQueryOptions<GroupMenu, Error, GroupMenu, any>;
}

export const GroupFrameSourceContext = createContext<GroupFrameSource | null>(null);

function useGroupFrameSource(): GroupFrameSource {
  const source = useContext(GroupFrameSourceContext);
  if (!source) throw new Error('GroupFrame needs a GroupFrameSourceContext provider (the signed-in layout has one).');
  return source;
}

export interface GroupFrameProps {
  groupId: number;
  page: GroupPage;
  renderActions?: (group: GroupDetails) => React.ReactNode;
  children: (group: GroupDetails) => React.ReactNode;
}

/** A group page: heading, the tabs the group menu allows, and the page-fit fallback to the dashboard (spec 2 §2). */
export function GroupFrame({ groupId, page, renderActions, children }: GroupFrameProps) {
  const { groupQuery, groupMenuQuery } = useGroupFrameSource();
  const valid = isValidId(groupId);
  const group = useQuery({ ...groupQuery(groupId), enabled: valid });
  const menu = useQuery({ ...groupMenuQuery(groupId), enabled: valid });
  const navigate = useNavigate();
  const me = useCurrentUser();
  const type = group.data?.groupType;
  const fits = type === undefined || pageFitsGroupType(page, type);
  useEffect(() => {
    if (!fits) void navigate({ to: '/group/$id/dashboard', params: { id: String(groupId) }, replace: true });
  }, [fits, groupId, navigate]);
  if (!valid) return <NotFound what="Group" />;
  const g = group.data;
  const m = menu.data;
  const tabs = [
    { key: 'dashboard', show: m?.dashboard ?? true, label: 'Dashboard', to: '/group/$id/dashboard' as const },
    { key: 'detail', show: m?.detail ?? true, label: 'Details', to: '/group/$id' as const },
    {
      key: 'subgroups',
      show: (m?.subgroups ?? false) && (type === undefined || pageFitsGroupType('subgroups', type)),
      label: 'Subgroups',
      to: '/group/$id/subgroups' as const,
    },
    { key: 'admins', show: m?.admins ?? false, label: 'Admins', to: '/group/$id/admins' as const },
    { key: 'petowners', show: m?.petOwners ?? false, label: 'Pet owners', to: '/group/$id/petowners' as const },
    { key: 'pets', show: m?.pets ?? false, label: 'Pets', to: '/group/$id/pets' as const },
    {
      key: 'parentage',
      show: (m?.pets ?? false) && type !== undefined && pageFitsGroupType('parentage', type),
      label: 'Parentage',
      to: '/group/$id/parentage' as const,
    },
    // Residents and move-outs wherever pet owners are listed; pre-registration only on a property.
    { key: 'residents', show: m?.petOwners ?? false, label: 'Residents', to: '/group/$id/residents' as const },
    {
      key: 'preregistration',
      show: (m?.petOwners ?? false) && type !== undefined && pageFitsGroupType('preregistration', type),
      label: 'Pre-registration',
      to: '/group/$id/preregistration' as const,
    },
    { key: 'moveouts', show: m?.petOwners ?? false, label: 'Move-outs', to: '/group/$id/moveouts' as const },
    // The rent-roll sync (issue 42): a property's admins who manage residents.
    {
      key: 'rentroll',
      show: (m?.petOwners ?? false) && type !== undefined && pageFitsGroupType('rentroll', type),
      label: 'Rent roll',
      to: '/group/$id/rentroll' as const,
    },
    {
      key: 'results',
      show: (m?.pets ?? false) && type !== undefined && pageFitsGroupType('results', type),
      label: 'Results',
      to: '/group/$id/results' as const,
    },
    // Violation notices (issue 41): the fine schedule and the ledger, for the admins the rights table lets read them.
    {
      key: 'fines',
      show:
        me !== undefined && can(me.roleId, 'violation.view') && type !== undefined && pageFitsGroupType('fines', type),
      label: 'Fines',
      to: '/group/$id/fines' as const,
    },
    {
      key: 'flaggedsamples',
      show: m?.pets ?? false,
      label: 'Flagged samples',
      to: '/group/$id/flaggedsamples' as const,
    },
    // Integrations (issue 42): for whoever manages the group's admins (the integrations.manage right's roles).
    { key: 'apikeys', show: m?.admins ?? false, label: 'API keys', to: '/group/$id/apikeys' as const },
    { key: 'webhooks', show: m?.admins ?? false, label: 'Webhooks', to: '/group/$id/webhooks' as const },
  ].filter((t) => t.show);
  return (
    <>
      <PageTitle
        extra={g && renderActions?.(g)}
        title={[tabs.find((t) => t.key === page)?.label ?? null, g?.name ?? 'Group']}
      >
        <Space wrap>
          {g ? g.name : 'Group'}
          {g && <Tag>{groupTypeLabel(g.groupType)}</Tag>}
          {g && !g.isActive && <Tag color="orange">Inactive</Tag>}
        </Space>
      </PageTitle>
      {/* Every tab stays in the strip (scrolled sideways on a phone): antd's overflow "…" kept hidden copies of the
          tabs focusable under aria-hidden. */}
      <div className="group-tabs">
        <Menu
          mode="horizontal"
          disabledOverflow
          aria-label="Group pages"
          selectedKeys={[page]}
          items={tabs.map((t) => ({
            key: t.key,
            label: (
              <Link to={t.to} params={{ id: String(groupId) }}>
                {t.label}
              </Link>
            ),
          }))}
        />
      </div>
      <ErrorPresenter error={group.error} />
      {g && fits && children(g)}
    </>
  );
}
