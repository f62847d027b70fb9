import { useState } from 'react';
import { Link, useParams } from '@tanstack/react-router';
import { App, Button, Card, DatePicker, Form, Select, Space, Tag } from 'antd';
import { GroupTypes, groupTypeLabel, isPetOwnerGroupType, subgroupsQuery } from '@registry/contracts';
import { dayjs } from '../../lib/dayjs';
import { ActionsDropdown } from '../../components/ActionsDropdown';
import { useErrorDialog } from '../../components/ErrorPresenter';
import { GroupHierarchyPicker } from './components/GroupHierarchyPicker';
import { showDate } from '../../components/labTime';
import { UpdateOnEnterInput } from '../../components/UpdateOnEnterInput';
import { UrlTable, useUrlState } from '../../components/UrlTable';
import { GroupFrame } from '../../components/GroupFrame';
import { fetchSubgroups, groupKeys, useBulkTransfer, useSetGroupActive, type SubgroupRow } from './groups.api';
import { subgroupsSearch, type SubgroupsSearch } from './groups.search';
import { FilterBar } from '../../components/FilterBar';

const URL_DATE = 'MM/DD/YYYY';
const TRANSFER_TARGET_TYPES = [
  GroupTypes.HierarchyRoot,
  GroupTypes.ManagementGroup,
  GroupTypes.Distributorship,
  GroupTypes.DistributorshipManagementGroup,
];
type TextFilter = 'name' | 'city' | 'state' | 'phone';
type DateFilter = 'lastLogin' | 'lastSample' | 'lastPet';

function Subgroups({ groupId }: { groupId: number }) {
  const [params, setParams] = useUrlState(subgroupsSearch);
  const [selected, setSelected] = useState<number[]>([]);
  const [transferring, setTransferring] = useState(false);
  const setActive = useSetGroupActive();
  const transfer = useBulkTransfer();
  const showError = useErrorDialog();
  const { modal, message } = App.useApp();

  const confirmActive = (row: SubgroupRow, active: boolean) =>
    modal.confirm({
      title: active ? 'Activate group' : 'Deactivate group',
      content: `You are about to ${active ? 'activate' : 'deactivate'} '${row.name}'. Continue?`,
      okText: active ? 'Activate' : 'Deactivate',
      okButtonProps: { danger: !active },
      onOk: () =>
        setActive.mutateAsync({ groupId: row.id, active }).then(
          (res) => void message.success(res.message || 'Saved Successfully.'),
          (e: unknown) => showError(e),
        ),
    });

  const textFilter = (key: TextFilter, label: string) => (
    <Form.Item label={label} htmlFor={`subgroups-${key}`}>
      <UpdateOnEnterInput
        id={`subgroups-${key}`}
        allowClear
        schema={subgroupsQuery}
        field={key}
        value={params[key] ?? ''}
        onCommit={(v) => setParams({ [key]: v } as Partial<SubgroupsSearch>, { resetPage: true })}
        style={{ width: 150 }}
      />
    </Form.Item>
  );
  const dateFilter = (key: DateFilter, label: string) => (
    <Form.Item label={label} htmlFor={`subgroups-${key}`}>
      <DatePicker
        id={`subgroups-${key}`}
        format="M/D/YYYY"
        value={params[key] ? dayjs(params[key], URL_DATE) : null}
        onChange={(d) =>
          setParams({ [key]: d ? d.format(URL_DATE) : undefined } as Partial<SubgroupsSearch>, { resetPage: true })
        }
      />
    </Form.Item>
  );

  return (
    <Card>
      <FilterBar style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item label="Status" htmlFor="subgroups-active">
          <Select
            id="subgroups-active"
            style={{ width: 180 }}
            value={params.isActiveFilter}
            onChange={(v) => setParams({ isActiveFilter: v }, { resetPage: true })}
            options={[
              { value: 'Active', label: 'Active' },
              { value: 'Inactive', label: 'Inactive' },
              { value: 'ActiveAndInactive', label: 'Active & Inactive' },
            ]}
          />
        </Form.Item>
        {textFilter('name', 'Name')}
        {dateFilter('lastLogin', 'Last login')}
        {dateFilter('lastSample', 'Last sample')}
        {dateFilter('lastPet', 'Last pet')}
        {textFilter('city', 'City')}
        {textFilter('state', 'State')}
        {textFilter('phone', 'Phone')}
      </FilterBar>
      <Space style={{ marginBottom: 12 }}>
        <Button disabled={selected.length === 0} onClick={() => setTransferring(true)}>
          Bulk transfer{selected.length ? ` (${selected.length})` : ''}
        </Button>
      </Space>
      <UrlTable<SubgroupRow, typeof subgroupsSearch>
        empty={{ text: 'No subgroups match. Clear the filters, or add a group under this one with Add group.' }}
        rowKey="id"
        searchSchema={subgroupsSearch}
        queryKey={(p) => groupKeys.subgroups({ ...p, groupId })}
        queryFn={(p) => fetchSubgroups(groupId, p)}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }}
        scroll={{ x: true }}
        columns={[
          {
            title: 'Name',
            dataIndex: 'name',
            sorter: true,
            render: (name: string, r) => (
              <Link to="/group/$id/dashboard" params={{ id: String(r.id) }}>
                {name}
              </Link>
            ),
          },
          {
            title: 'Type',
            dataIndex: 'grouptype',
            key: 'grouptype',
            sorter: true,
            render: (_, r) => groupTypeLabel(r.groupType),
          },
          { title: 'Parent', dataIndex: 'parentName', key: 'parentname', sorter: true },
          { title: 'City', dataIndex: 'city', sorter: true },
          { title: 'State', dataIndex: 'state', sorter: true },
          { title: 'Phone', dataIndex: 'phone', sorter: true },
          {
            title: 'Last login',
            dataIndex: 'lastLogin',
            key: 'lastlogin',
            sorter: true,
            render: (v: string | null) => (v ? showDate(v) : ''),
          },
          {
            title: 'Last sample',
            dataIndex: 'lastSample',
            key: 'lastsample',
            sorter: true,
            render: (v: string | null) => (v ? showDate(v) : ''),
          },
          {
            title: 'Last pet',
            dataIndex: 'lastPet',
            key: 'lastpet',
            sorter: true,
            render: (v: string | null) => (v ? showDate(v) : ''),
          },
          {
            title: 'Status',
            dataIndex: 'isActive',
            key: 'isactive',
            sorter: true,
            render: (v: boolean) => (v ? <Tag color="green">Active</Tag> : <Tag>Inactive</Tag>),
          },
          {
            title: 'Actions',
            key: 'actions',
            render: (_, r) =>
              isPetOwnerGroupType(r.groupType) ? (
                <ActionsDropdown
                  size="small"
                  actions={[
                    {
                      key: 'deactivate',
                      label: 'Deactivate',
                      danger: true,
                      eligible: r.isActive,
                      onClick: () => confirmActive(r, false),
                    },
                    {
                      key: 'activate',
                      label: 'Activate',
                      eligible: !r.isActive,
                      onClick: () => confirmActive(r, true),
                    },
                  ]}
                />
              ) : null,
          },
        ]}
      />
      <GroupHierarchyPicker
        open={transferring}
        title={`Transfer ${selected.length} group(s)`}
        okText="Transfer"
        allowedTypes={TRANSFER_TARGET_TYPES}
        onCancel={() => setTransferring(false)}
        onPick={async (target) => {
          try {
            const res = await transfer.mutateAsync({ targetId: target.id, ids: selected });
            void message.success(res.message || `Transferred to ${target.name}.`);
            setSelected([]);
            setTransferring(false);
          } catch (error) {
            showError(error);
          }
        }}
      />
    </Card>
  );
}

/** Subgroups of a group (spec 2 §2): paged, filtered, activate/deactivate and bulk transfer. */
export function GroupSubgroupsPage() {
  const { id } = useParams({ from: '/_app/group/$id/subgroups' });
  const groupId = Number(id);
  return (
    <GroupFrame groupId={groupId} page="subgroups">
      {() => <Subgroups groupId={groupId} />}
    </GroupFrame>
  );
}
