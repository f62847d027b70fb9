import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { List, Typography } from 'antd';
import { groupTypeName } from '@registry/contracts';
import { assignedGroupsQuery, useCurrentUser } from './auth';
import { groupDashboardPath } from './landing';

/**
 * The left-hand slot where the group tree will live. Until the group tree issue lands it lists
 * the caller's directly assigned groups, each linking to its dashboard.
 */
export function GroupTreeSlot() {
  const user = useCurrentUser();
  const { data, isLoading } = useQuery({ ...assignedGroupsQuery(), enabled: !!user?.isAdmin });
  if (!user?.isAdmin) return null;
  return (
    <nav aria-label="My groups" className="group-tree-slot">
      <Typography.Text type="secondary" style={{ padding: '8px 24px', display: 'block' }}>
        My groups
      </Typography.Text>
      <List
        size="small"
        loading={isLoading}
        dataSource={data ?? []}
        locale={{ emptyText: 'No groups' }}
        renderItem={(g) => (
          <List.Item style={{ paddingInline: 24 }}>
            <Link to={groupDashboardPath(g.id) as never}>{g.name}</Link>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {groupTypeName(g.groupType)}
            </Typography.Text>
          </List.Item>
        )}
      />
    </nav>
  );
}
