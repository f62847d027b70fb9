import { Link, useNavigate } from '@tanstack/react-router';
import { Card, Form, Tag } from 'antd';
import { unassignedPetOwnersQuery } from '@registry/contracts';
import { PageTitle } from '../../components/PageTitle';
import { UpdateOnEnterInput } from '../../components/UpdateOnEnterInput';
import { UrlTable, useUrlState } from '../../components/UrlTable';
import { fetchUnassigned, petOwnerKeys, type UnassignedRow } from './petowners.api';
import { unassignedPetOwnersSearch } from './petowners.search';
import { showDate } from '../../components/labTime';
import { FilterBar } from '../../components/FilterBar';
import { rowOpens } from '../../components/rowOpens';

const day = (iso: string | null) => (iso ? showDate(iso) : '—');

/** /tools/unassignedpetowners: pet owners in no current group, as far as the admin reaches (spec 2 §7). */
export function UnassignedPetOwnersPage() {
  const [params, setParams] = useUrlState(unassignedPetOwnersSearch);
  const navigate = useNavigate();
  return (
    <>
      <PageTitle>Unassigned pet owners</PageTitle>
      <Card>
        <FilterBar style={{ marginBottom: 16 }}>
          <Form.Item label="Name" htmlFor="unassigned-name">
            <UpdateOnEnterInput
              id="unassigned-name"
              allowClear
              schema={unassignedPetOwnersQuery}
              field="name"
              value={params.name ?? ''}
              onCommit={(v) => setParams({ name: v }, { resetPage: true })}
              style={{ width: 200 }}
            />
          </Form.Item>
        </FilterBar>
        <UrlTable<UnassignedRow, typeof unassignedPetOwnersSearch>
          rowKey="id"
          searchSchema={unassignedPetOwnersSearch}
          queryKey={(p) => petOwnerKeys.unassigned(p)}
          queryFn={fetchUnassigned}
          scroll={{ x: true }}
          onRow={rowOpens((row: UnassignedRow) =>
            navigate({ to: '/petowner/$petOwnerId/{-$sampleNumber}', params: { petOwnerId: String(row.id) } }),
          )}
          locale={{
            emptyText: 'No unassigned pet owners. Pet owners show here once they have moved out of their last group.',
          }}
          columns={[
            {
              title: 'Name',
              dataIndex: 'fullName',
              render: (_: unknown, row) => (
                <Link to="/petowner/$petOwnerId/{-$sampleNumber}" params={{ petOwnerId: String(row.id) }}>
                  {row.fullName.trim() || row.userName}
                </Link>
              ),
            },
            { title: 'User name', dataIndex: 'userName' },
            { title: 'Email', dataIndex: 'email', render: (v: string | null) => v ?? '—' },
            { title: 'Pets', dataIndex: 'petCount' },
            { title: 'Last group', dataIndex: 'lastGroupName', render: (v: string | null) => v ?? '—' },
            { title: 'Moved out', dataIndex: 'dateMoveOut', render: day },
            {
              title: 'Status',
              dataIndex: 'isActive',
              render: (v: boolean) => (v ? <Tag color="green">Active</Tag> : <Tag>Inactive</Tag>),
            },
          ]}
        />
      </Card>
    </>
  );
}
