import { useParams } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Tag } from 'antd';
import { groupTypeName } from '@registry/contracts';
import { PageTitle } from '../../components/PageTitle';
import { NotFound, isValidId } from '../../components/NotFound';
import { ErrorPresenter } from '../../components/ErrorPresenter';
import { groupQuery } from './groups.api';

/** Group landing page; the full dashboard (counts, charts) arrives with the groups issue. */
export function GroupDashboardPage() {
  const { id } = useParams({ from: '/_app/group/$id/dashboard' });
  const groupId = Number(id);
  const query = useQuery({ ...groupQuery(groupId), enabled: isValidId(groupId) });
  const group = query.data;
  if (!isValidId(groupId)) return <NotFound what="Group" />;
  return (
    <>
      <PageTitle>{group ? `${group.name} dashboard` : 'Group dashboard'}</PageTitle>
      <ErrorPresenter error={query.error} />
      <Card loading={query.isLoading}>
        {group && (
          <Descriptions column={{ xs: 1, md: 2 }}>
            <Descriptions.Item label="Group">{group.name}</Descriptions.Item>
            <Descriptions.Item label="Type">{groupTypeName(group.groupType)}</Descriptions.Item>
            <Descriptions.Item label="Status">{group.isActive ? <Tag color="green">Active</Tag> : <Tag>Inactive</Tag>}</Descriptions.Item>
          </Descriptions>
        )}
      </Card>
    </>
  );
}
