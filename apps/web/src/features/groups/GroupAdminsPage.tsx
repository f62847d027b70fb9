import { useState } from 'react';
import { Link, useParams } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Checkbox, Form, Modal, Segmented, Space, Tag, Typography } from 'antd';
import { AdminFilter, roleLabel } from '@registry/contracts';
import { useCurrentUser } from '../../lib/auth';
import { ActionsDropdown } from '../../components/ActionsDropdown';
import { ErrorPresenter, useErrorDialog } from '../../components/ErrorPresenter';
import {
  NewPrimaryAdminPick,
  byName,
  proposedSuccessors,
  type PrimarySuccession,
} from '../../components/NewPrimaryAdminPick';
import { primarySuccessions } from '../admins/admins.api';
import { GroupFrame } from '../../components/GroupFrame';
import { AdminSearchSelect } from './components/AdminSearchSelect';
import { CreateGroupAdminModal } from './components/CreateGroupAdminModal';
import {
  groupAdminsQuery,
  useAddExistingAdmin,
  useRemoveFromAllGroups,
  useRemoveGroupAdmin,
  useSetPrimaryAdmin,
  type GroupAdminRow,
} from './groups.api';
import { DataTable } from '../../components/DataTable';

/** Admins sorted by name ascending (spec 2 §9). */
export const sortAdminsByName = (rows: GroupAdminRow[]) => byName(rows);

function AddExistingAdminModal({ groupId, open, onClose }: { groupId: number; open: boolean; onClose: () => void }) {
  const [adminId, setAdminId] = useState<number | undefined>();
  const add = useAddExistingAdmin(groupId);
  const showError = useErrorDialog();
  const { message } = App.useApp();
  return (
    <Modal
      open={open}
      title="Search existing admin"
      okText="Add admin"
      okButtonProps={{ disabled: !adminId }}
      confirmLoading={add.isPending}
      afterClose={() => setAdminId(undefined)}
      onCancel={onClose}
      onOk={async () => {
        if (!adminId) return;
        try {
          await add.mutateAsync(adminId);
          void message.success('Admin added to the group.');
          onClose();
        } catch (error) {
          showError(error);
        }
      }}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label="Admin" htmlFor="existing-admin">
          <AdminSearchSelect
            id="existing-admin"
            placeholder="Type a name"
            value={adminId}
            onChange={(v) => setAdminId(v as number)}
            style={{ width: '100%' }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * The remove confirmation: the question and, for an active admin other than the signed-in one (who cannot deactivate
 * themselves), the offer to deactivate them too (DELETE ...?deactivateAdmin=true).
 */
function RemoveAdminQuestion({
  row,
  canDeactivate,
  onDeactivateChange,
  successors,
  onSuccessorChange,
}: {
  row: GroupAdminRow;
  canDeactivate: boolean;
  onDeactivateChange: (value: boolean) => void;
  successors: GroupAdminRow[];
  onSuccessorChange: (adminId: number) => void;
}) {
  const [checked, setChecked] = useState(false);
  return (
    <>
      <p>{`Remove ${row.fullName} from this group?`}</p>
      {row.isPrimaryAdmin && (
        // The primary admin leaves: the user sees, and may change, who becomes primary.
        <NewPrimaryAdminPick id="new-primary-admin" candidates={successors} onChange={onSuccessorChange} />
      )}
      {canDeactivate && (
        <>
          <Checkbox
            checked={checked}
            onChange={(e) => {
              setChecked(e.target.checked);
              onDeactivateChange(e.target.checked);
            }}
          >
            Also deactivate this admin
          </Checkbox>
          <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0 24px' }}>
            A deactivated admin cannot sign in and is signed out now; their other group assignments stay as they are.
          </Typography.Paragraph>
        </>
      )}
    </>
  );
}

/** Remove from all groups: the question, and for each group the admin is primary of, who takes over there. */
function RemoveFromAllGroupsQuestion({
  row,
  successions,
  onChange,
}: {
  row: GroupAdminRow;
  successions: PrimarySuccession[];
  onChange: (groupId: number, adminId: number) => void;
}) {
  return (
    <>
      <p>{`Remove ${row.fullName} from all groups?`}</p>
      {successions.map((s) => (
        <NewPrimaryAdminPick
          key={s.groupId}
          id={`new-primary-admin-${s.groupId}`}
          groupName={s.groupName}
          candidates={s.candidates}
          onChange={(adminId) => onChange(s.groupId, adminId)}
        />
      ))}
    </>
  );
}

export function GroupAdmins({ groupId }: { groupId: number }) {
  const user = useCurrentUser();
  const [filter, setFilter] = useState<number>(AdminFilter.Active);
  const query = useQuery(groupAdminsQuery(groupId, filter));
  const [open, setOpen] = useState<'create' | 'add' | null>(null);
  const remove = useRemoveGroupAdmin(groupId);
  const setPrimary = useSetPrimaryAdmin(groupId);
  const removeAll = useRemoveFromAllGroups();
  const queryClient = useQueryClient();
  const showError = useErrorDialog();
  const { modal, message } = App.useApp();

  const run = async (fn: () => Promise<unknown>, done: string) => {
    try {
      await fn();
      void message.success(done);
    } catch (error) {
      showError(error);
    }
  };
  const onRemove = (row: GroupAdminRow) => {
    // Read when OK is pressed; the checkbox lives in the dialog's own state.
    let deactivateAdmin = false;
    // Admins assigned to this group itself can take over as primary; inherited ones are not the group's own.
    const successors = sortAdminsByName(
      (query.data?.admins ?? []).filter((admin) => admin.id !== row.id && !admin.isInherited),
    );
    let newPrimaryAdminId = row.isPrimaryAdmin ? successors[0]?.id : undefined;
    modal.confirm({
      title: 'Remove admin',
      content: (
        <RemoveAdminQuestion
          row={row}
          canDeactivate={row.isActive && row.id !== user?.id}
          onDeactivateChange={(value) => (deactivateAdmin = value)}
          successors={successors}
          onSuccessorChange={(value) => (newPrimaryAdminId = value)}
        />
      ),
      okText: 'Remove',
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          const res = await remove.mutateAsync({ adminId: row.id, deactivateAdmin, newPrimaryAdminId });
          void message.success(
            deactivateAdmin
              ? `${row.fullName} removed from the group and deactivated.`
              : `${row.fullName} removed from the group.`,
          );
          const remaining = res.admins.find((a) => a.id === res.remainingAdminId);
          if (res.promptMakePrimary && res.remainingAdminId) {
            const remainingId = res.remainingAdminId;
            modal.confirm({
              title: 'Make primary',
              content: `Would you like to make the remaining admin${remaining ? ` ${remaining.fullName}` : ''} the primary admin of this group?`,
              okText: 'Make primary',
              onOk: () => run(() => setPrimary.mutateAsync(remainingId), 'Primary admin set.'),
            });
          }
        } catch (error) {
          showError(error);
        }
      },
    });
  };

  const onRemoveFromAll = async (row: GroupAdminRow) => {
    let successions: PrimarySuccession[];
    try {
      successions = await primarySuccessions(queryClient, row.id);
    } catch (error) {
      showError(error);
      return;
    }
    // Read when OK is pressed: each group's pick changes this map.
    const chosen = proposedSuccessors(successions);
    modal.confirm({
      title: 'Remove from all groups',
      content: (
        <RemoveFromAllGroupsQuestion
          row={row}
          successions={successions}
          onChange={(groupId, adminId) => chosen.set(groupId, adminId)}
        />
      ),
      okText: 'Remove from all groups',
      okButtonProps: { danger: true },
      onOk: () =>
        run(
          () =>
            removeAll.mutateAsync({
              adminId: row.id,
              newPrimaryAdmins: [...chosen].map(([groupId, newPrimaryAdminId]) => ({ groupId, newPrimaryAdminId })),
            }),
          'Removed from all groups successfully.',
        ),
    });
  };

  const rows = sortAdminsByName(query.data?.admins ?? []);
  return (
    <>
      <Space style={{ marginBottom: 16 }} wrap>
        <Segmented
          aria-label="Admin filter"
          value={filter}
          onChange={(v) => setFilter(Number(v))}
          options={[
            { value: AdminFilter.Active, label: 'Active' },
            { value: AdminFilter.ActiveAndInherited, label: 'Active & Inherited' },
          ]}
        />
        <Button type="primary" onClick={() => setOpen('create')}>
          Create admin
        </Button>
        <Button onClick={() => setOpen('add')}>Add existing admin</Button>
      </Space>
      <ErrorPresenter error={query.error} />
      <DataTable<GroupAdminRow>
        rowKey="id"
        loading={query.isFetching}
        dataSource={rows}
        pagination={false}
        empty={{
          text: 'No admins. Create an admin for this group or add an existing one.',
          // Its own name: "Create admin" above stays the one button of that name.
          action: (
            <Button type="primary" onClick={() => setOpen('create')}>
              Create the first admin
            </Button>
          ),
        }}
        columns={[
          {
            title: 'Name',
            dataIndex: 'fullName',
            render: (name: string, r) => (
              <Link to="/admin/$adminId" params={{ adminId: String(r.id) }}>
                {name}
              </Link>
            ),
          },
          { title: 'User name', dataIndex: 'userName' },
          { title: 'Email', dataIndex: 'email' },
          { title: 'Role', dataIndex: 'role', render: (_: string, row: GroupAdminRow) => roleLabel(row.roleId) },
          {
            title: 'Status',
            key: 'status',
            render: (_, r) => (
              <Space size={4} wrap>
                {r.isPrimaryAdmin && <Tag color="blue">Primary</Tag>}
                {r.isInherited && <Tag>Inherited</Tag>}
                {!r.isActive && <Tag color="orange">Inactive</Tag>}
              </Space>
            ),
          },
          {
            title: 'Actions',
            key: 'actions',
            render: (_, r) =>
              r.isInherited ? null : (
                <ActionsDropdown
                  size="small"
                  moreLabel={`More actions for ${r.fullName}`}
                  actions={[
                    {
                      key: 'primary',
                      label: 'Set primary',
                      eligible: !r.isPrimaryAdmin,
                      onClick: () => void run(() => setPrimary.mutateAsync(r.id), 'Primary admin set.'),
                    },
                    { key: 'remove', label: 'Remove', danger: true, onClick: () => onRemove(r) },
                    {
                      key: 'removeall',
                      label: 'Remove from all groups',
                      danger: true,
                      onClick: () => void onRemoveFromAll(r),
                    },
                  ]}
                />
              ),
          },
        ]}
      />
      <CreateGroupAdminModal groupId={groupId} open={open === 'create'} onClose={() => setOpen(null)} />
      <AddExistingAdminModal groupId={groupId} open={open === 'add'} onClose={() => setOpen(null)} />
    </>
  );
}

/** Admins of a group (spec 2 §2): Active or Active & Inherited, sorted by name. */
export function GroupAdminsPage() {
  const { id } = useParams({ from: '/_app/group/$id/admins' });
  const groupId = Number(id);
  return (
    <GroupFrame groupId={groupId} page="admins">
      {() => <GroupAdmins groupId={groupId} />}
    </GroupFrame>
  );
}
