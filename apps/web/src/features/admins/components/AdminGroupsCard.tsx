import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Alert, App, Button, Card, Select, Space, Tag } from 'antd';
import { groupTypeLabel, Messages } from '@registry/contracts';
import { assignedGroupsQuery } from '../../../lib/auth';
import { ErrorPresenter, useErrorDialog } from '../../../components/ErrorPresenter';
import { NewPrimaryAdminPick } from '../../../components/NewPrimaryAdminPick';
import {
  adminGroupsQuery,
  primarySuccessions,
  useAddAdminToGroup,
  useRemoveAdminFromGroup,
  type AdminGroup,
} from '../admins.api';
import { DataTable } from '../../../components/DataTable';

export function AdminGroupsCard({ adminId }: { adminId: number }) {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const showError = useErrorDialog();
  const groups = useQuery(adminGroupsQuery(adminId));
  // Choices: the groups the signed-in user is directly assigned to (the group tree issue will widen this).
  const choices = useQuery(assignedGroupsQuery());
  const add = useAddAdminToGroup(adminId);
  const remove = useRemoveAdminFromGroup(adminId);
  const [groupId, setGroupId] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const memberIds = new Set((groups.data ?? []).map((g) => g.id));
  const options = (choices.data ?? [])
    .filter((g) => !memberIds.has(g.id))
    .map((g) => ({ value: g.id, label: `${g.name} (${groupTypeLabel(g.groupType)})` }));

  const onAdd = () => {
    if (groupId == null) {
      setProblem(Messages.mustSelectGroup);
      return;
    }
    setProblem(null);
    add.mutate(groupId, {
      onSuccess: () => {
        setGroupId(null);
        void message.success('Admin added to the group.');
      },
      onError: (err) => showError(err),
    });
  };

  // As on the group's admins page: when the admin is the group's primary admin and others remain, the dialog names who
  // becomes primary and lets the user pick another.
  const onRemove = async (g: AdminGroup) => {
    let candidates: Awaited<ReturnType<typeof primarySuccessions>>[number]['candidates'] = [];
    try {
      if (g.isPrimaryAdmin) candidates = (await primarySuccessions(queryClient, adminId, [g.id]))[0]?.candidates ?? [];
    } catch (err) {
      showError(err);
      return;
    }
    let newPrimaryAdminId = candidates[0]?.id;
    modal.confirm({
      title: 'Remove from group',
      content: (
        <>
          <p>{`Remove the admin from ${g.name}?`}</p>
          <NewPrimaryAdminPick
            id="new-primary-admin"
            candidates={candidates}
            onChange={(value) => (newPrimaryAdminId = value)}
          />
        </>
      ),
      okText: 'Remove',
      okButtonProps: { danger: true },
      onOk: () =>
        remove.mutateAsync({ groupId: g.id, newPrimaryAdminId }).then(
          () => void message.success('Admin removed from the group.'),
          (err) => showError(err),
        ),
    });
  };

  return (
    <Card title="Groups">
      <ErrorPresenter error={groups.error} />
      <Space.Compact style={{ width: '100%', marginBottom: 12 }}>
        <Select
          aria-label="Group to add"
          style={{ flex: 1 }}
          placeholder="Choose a group to add"
          showSearch={{ optionFilterProp: 'label' }}
          loading={choices.isLoading}
          value={groupId}
          onChange={(v) => {
            setGroupId(v);
            setProblem(null);
          }}
          options={options}
        />
        <Button type="primary" onClick={onAdd} loading={add.isPending}>
          Add to group
        </Button>
      </Space.Compact>
      {problem && <Alert type="error" showIcon title={problem} style={{ marginBottom: 12 }} />}
      <DataTable<AdminGroup>
        rowKey="id"
        size="small"
        loading={groups.isLoading}
        dataSource={groups.data ?? []}
        pagination={false}
        locale={{ emptyText: 'Not assigned to any group.' }}
        columns={[
          {
            title: 'Group',
            dataIndex: 'name',
            render: (name: string, g) => (
              <Link to="/group/$id/dashboard" params={{ id: String(g.id) }}>
                {name}
              </Link>
            ),
          },
          { title: 'Type', dataIndex: 'groupType', render: groupTypeLabel },
          {
            title: '',
            key: 'flags',
            render: (_, g) => (
              <Space>
                {g.isPrimaryAdmin && <Tag color="blue">Primary admin</Tag>}
                {!g.isActive && <Tag>Inactive</Tag>}
              </Space>
            ),
          },
          {
            title: '',
            key: 'remove',
            align: 'right',
            render: (_, g) => (
              <Button size="small" danger aria-label={`Remove from ${g.name}`} onClick={() => void onRemove(g)}>
                Remove
              </Button>
            ),
          },
        ]}
      />
    </Card>
  );
}
