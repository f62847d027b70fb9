import { Link } from '@tanstack/react-router';
import { Card, Form, Space, Tag } from 'antd';
import { adminSearchQuery, roleLabel, type AdminSearchRow } from '@registry/contracts';
import { PageTitle } from '../../components/PageTitle';
import { UrlTable, useUrlState } from '../../components/UrlTable';
import { UpdateOnEnterInput } from '../../components/UpdateOnEnterInput';
import { adminKeys, searchAdmins } from './admins.api';
import { adminSearchParams } from './admins.search';
import { FilterBar } from '../../components/FilterBar';

export function AdminSearchPage() {
  const [params, setParams] = useUrlState(adminSearchParams);
  return (
    <>
      <PageTitle>Admins</PageTitle>
      <Card>
        <FilterBar style={{ marginBottom: 16 }}>
          <Space wrap>
            <Form.Item label="Name" htmlFor="admin-search-name">
              <UpdateOnEnterInput
                id="admin-search-name"
                schema={adminSearchQuery}
                field="name"
                value={params.name ?? ''}
                allowClear
                placeholder="Press Enter to search"
                onCommit={(name) => setParams({ name }, { resetPage: true })}
              />
            </Form.Item>
            <Form.Item label="Email" htmlFor="admin-search-email">
              <UpdateOnEnterInput
                id="admin-search-email"
                schema={adminSearchQuery}
                field="email"
                value={params.email ?? ''}
                allowClear
                placeholder="Press Enter to search"
                onCommit={(email) => setParams({ email }, { resetPage: true })}
              />
            </Form.Item>
          </Space>
        </FilterBar>
        <UrlTable<AdminSearchRow, typeof adminSearchParams>
          empty={{ text: 'No administrators match. Check the spelling of the name or email, or clear the search.' }}
          rowKey="id"
          size="middle"
          searchSchema={adminSearchParams}
          queryKey={adminKeys.search}
          queryFn={searchAdmins}
          columns={[
            {
              title: 'Name',
              dataIndex: 'fullName',
              sorter: true,
              render: (name: string, row) => (
                <Link to="/admin/$adminId" params={{ adminId: String(row.id) }}>
                  {name || row.userName}
                </Link>
              ),
            },
            { title: 'User name', dataIndex: 'userName', sorter: true },
            { title: 'Email', dataIndex: 'email', sorter: true, render: (v: string | null) => v ?? '—' },
            {
              title: 'Role',
              dataIndex: 'role',
              sorter: true,
              render: (_: string, row: AdminSearchRow) => roleLabel(row.roleId),
            },
            {
              title: 'Status',
              dataIndex: 'isActive',
              render: (active: boolean) => (active ? <Tag color="green">Active</Tag> : <Tag>Inactive</Tag>),
            },
          ]}
        />
      </Card>
    </>
  );
}
