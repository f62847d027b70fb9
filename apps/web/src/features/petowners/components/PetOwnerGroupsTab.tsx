import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Space, Tag } from 'antd';
import { can, groupTypeLabel, type PetOwnerView } from '@registry/contracts';
import { useCurrentUser } from '../../../lib/auth';
import { DataTable } from '../../../components/DataTable';
import { ErrorPresenter, useErrorDialog } from '../../../components/ErrorPresenter';
import { PetOwnerGroupSearchModal } from '../../groups/components/PetOwnerGroupSearchModal';
import {
  fetchRegistrationAgreement,
  groupHistoryQuery,
  useAddPetOwnerToGroup,
  useDeleteHistoryEntry,
  useMovePetOwnerOut,
  useRemoveFromAllGroups,
  type GroupHistoryEntry,
} from '../petowners.api';
import { offersRemoveFromAll } from '../petOwnerRules';
import { showDate } from '../../../components/labTime';

const day = (iso: string | null) => (iso ? showDate(iso) : '—');

/** Opens the owner's registration agreement for a group in a new tab (a PDF fetched with the bearer token). */
function useOpenAgreement(petOwnerId: number) {
  const showError = useErrorDialog();
  return async (groupId: number) => {
    // Opened before the fetch, so the browser treats it as the click's own window and does not block it.
    const tab = window.open('', '_blank');
    try {
      const blob = await fetchRegistrationAgreement(petOwnerId, groupId);
      const url = URL.createObjectURL(blob);
      if (tab) tab.location.href = url;
      else window.location.assign(url);
    } catch (e) {
      tab?.close();
      showError(e);
    }
  };
}

/** The groups tab (spec 2 §2): history, add via the group search, remove from one or all, delete a history entry. */
export function PetOwnerGroupsTab({ owner }: { owner: PetOwnerView }) {
  const me = useCurrentUser();
  const { modal, message } = App.useApp();
  const showError = useErrorDialog();
  const history = useQuery(groupHistoryQuery(owner.id));
  const [adding, setAdding] = useState(false);
  const add = useAddPetOwnerToGroup();
  const moveOut = useMovePetOwnerOut();
  const removeAll = useRemoveFromAllGroups(owner.id);
  const deleteEntry = useDeleteHistoryEntry();
  const openAgreement = useOpenAgreement(owner.id);
  const manages = Boolean(me?.isAdmin && can(me.roleId, 'petOwner.assignGroups'));
  const done = (r: { message: string }) => void message.success(r.message);
  const entries = history.data ?? [];

  const confirmRemove = (entry: GroupHistoryEntry) =>
    modal.confirm({
      title: 'Remove from group',
      content: `Remove ${owner.fullName} from '${entry.name}'? The group stays in their history.`,
      okText: 'Remove',
      okButtonProps: { danger: true },
      onOk: () =>
        moveOut
          .mutateAsync({ groupId: entry.id, id: owner.id, sendMoveOutEmail: false })
          .then(done, (e) => showError(e)),
    });
  const confirmRemoveAll = () =>
    modal.confirm({
      title: 'Remove from all groups',
      content: `Remove ${owner.fullName} from all of their current groups?`,
      okText: 'Remove from all',
      okButtonProps: { danger: true },
      onOk: () => removeAll.mutateAsync().then(done, (e) => showError(e)),
    });
  const confirmDeleteEntry = (entry: GroupHistoryEntry) =>
    modal.confirm({
      title: 'Delete history entry',
      content: `Delete the history entry for '${entry.name}'?`,
      okText: 'Delete',
      okButtonProps: { danger: true },
      onOk: () => deleteEntry.mutateAsync(entry.historyId).then(done, (e) => showError(e)),
    });

  return (
    <>
      <ErrorPresenter error={history.error} />
      {manages && (
        <Space wrap style={{ marginBottom: 12 }}>
          <Button onClick={() => setAdding(true)} disabled={!owner.isActive}>
            Add to group
          </Button>
          {offersRemoveFromAll(entries) && (
            <Button danger onClick={confirmRemoveAll}>
              Remove from all groups
            </Button>
          )}
        </Space>
      )}
      <DataTable<GroupHistoryEntry>
        rowKey="historyId"
        loading={history.isLoading}
        dataSource={entries}
        pagination={false}
        scroll={{ x: true }}
        locale={{ emptyText: 'No group history.' }}
        columns={[
          { title: 'Group', dataIndex: 'name' },
          { title: 'Type', dataIndex: 'groupType', render: (type: number) => groupTypeLabel(type) },
          { title: 'Added', dataIndex: 'dateAdded', render: day },
          {
            title: 'Moved out',
            dataIndex: 'moveOutDate',
            render: (value: string | null) => (value ? day(value) : <Tag color="green">Current</Tag>),
          },
          {
            title: 'Actions',
            key: 'actions',
            render: (_: unknown, entry) => (
              <Space wrap size="small">
                <Button size="small" onClick={() => void openAgreement(entry.id)}>
                  Print agreement
                </Button>
                {manages && !entry.isMovedOut && (
                  <Button size="small" danger onClick={() => confirmRemove(entry)}>
                    Remove
                  </Button>
                )}
                {manages && entry.isMovedOut && (
                  <Button size="small" danger onClick={() => confirmDeleteEntry(entry)}>
                    Delete entry
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      <PetOwnerGroupSearchModal
        open={adding}
        title="Add to group"
        okText="Add"
        onCancel={() => setAdding(false)}
        onSelect={(group) =>
          add.mutate(
            { groupId: group.id, id: owner.id },
            {
              onSuccess: (r) => {
                setAdding(false);
                done(r);
              },
              onError: (e) => showError(e),
            },
          )
        }
      />
    </>
  );
}
