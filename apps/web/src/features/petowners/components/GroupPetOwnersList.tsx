import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { App, Button, Checkbox, Form, Tag } from 'antd';
import { can, groupPetOwnersQuery } from '@registry/contracts';
import { useCurrentUser } from '../../../lib/auth';
import { ActionsDropdown } from '../../../components/ActionsDropdown';
import { useErrorDialog } from '../../../components/ErrorPresenter';
import { UpdateOnEnterInput } from '../../../components/UpdateOnEnterInput';
import { UrlTable, useUrlState } from '../../../components/UrlTable';
import { fetchGroupPetOwners, petOwnerKeys, useMovePetOwnerOut, type GroupPetOwnerRow } from '../petowners.api';
import { groupPetOwnersSearch, type GroupPetOwnersSearch } from '../petowners.search';
import { showDate } from '../../../components/labTime';
import { FilterBar } from '../../../components/FilterBar';

const day = (iso: string | null) => (iso ? showDate(iso) : '—');

/** The move-out confirmation, with the choice to tell the owner by mail. */
function MoveOutContent({ name, group, onMail }: { name: string; group: string; onMail: (mail: boolean) => void }) {
  const [mail, setMail] = useState(false);
  return (
    <>
      <p>
        Move {name} out of &apos;{group}&apos;? They stay in the group&apos;s move-outs.
      </p>
      <Checkbox
        checked={mail}
        onChange={(e) => {
          setMail(e.target.checked);
          onMail(e.target.checked);
        }}
      >
        Send the move-out email
      </Checkbox>
    </>
  );
}

/**
 * The group's pet owners (current members) or its move-outs, paged with filters in the URL. `onAdd`, given when the
 * user may add a pet owner, is offered by an empty list.
 */
export function GroupPetOwnersList({
  groupId,
  movedOut,
  onAdd,
}: {
  groupId: number;
  movedOut: boolean;
  onAdd?: () => void;
}) {
  const [params, setParams] = useUrlState(groupPetOwnersSearch);
  const me = useCurrentUser();
  const { modal } = App.useApp();
  const { message } = App.useApp();
  const showError = useErrorDialog();
  const moveOut = useMovePetOwnerOut();
  const mayMoveOut = Boolean(me && can(me.roleId, 'petOwner.assignGroups'));
  const prefix = movedOut ? 'moveouts' : 'petowners';

  const confirmMoveOut = (row: GroupPetOwnerRow) => {
    let sendMoveOutEmail = false;
    modal.confirm({
      title: 'Move out',
      content: (
        <MoveOutContent name={row.fullName} group={row.groupName} onMail={(mail) => (sendMoveOutEmail = mail)} />
      ),
      okText: 'Move out',
      okButtonProps: { danger: true },
      onOk: () =>
        moveOut.mutateAsync({ groupId: row.groupId, id: row.id, sendMoveOutEmail }).then(
          (r) => void message.success(r.message),
          (e) => showError(e),
        ),
    });
  };

  const textFilter = (key: 'name' | 'userName' | 'email', label: string) => (
    <Form.Item label={label} htmlFor={`${prefix}-${key}`}>
      <UpdateOnEnterInput
        id={`${prefix}-${key}`}
        allowClear
        schema={groupPetOwnersQuery}
        field={key}
        value={params[key] ?? ''}
        onCommit={(v) => setParams({ [key]: v } as Partial<GroupPetOwnersSearch>, { resetPage: true })}
        style={{ width: 160 }}
      />
    </Form.Item>
  );

  return (
    <>
      <FilterBar style={{ marginBottom: 16, rowGap: 8 }}>
        {textFilter('name', 'Name')}
        {textFilter('userName', 'User name')}
        {textFilter('email', 'Email')}
      </FilterBar>
      <UrlTable<GroupPetOwnerRow, typeof groupPetOwnersSearch>
        rowKey={(row) => `${row.id}-${row.groupId}-${row.dateAdded}`}
        searchSchema={groupPetOwnersSearch}
        queryKey={(p) => petOwnerKeys.groupList(groupId, movedOut, p)}
        queryFn={(p) => fetchGroupPetOwners(groupId, movedOut, p)}
        scroll={{ x: true }}
        empty={
          movedOut
            ? { text: 'No move-outs. Pet owners moved out of this group show here.' }
            : {
                text: 'No pet owners. Add a new or existing pet owner to this group, or clear the filters.',
                action: onAdd && (
                  <Button type="primary" onClick={onAdd}>
                    Add new or existing pet owner
                  </Button>
                ),
              }
        }
        columns={[
          {
            title: 'Name',
            dataIndex: 'name',
            sorter: true,
            render: (_: unknown, row) => (
              <Link to="/petowner/$petOwnerId/{-$sampleNumber}" params={{ petOwnerId: String(row.id) }}>
                {row.fullName.trim() || row.userName}
              </Link>
            ),
          },
          { title: 'User name', dataIndex: 'userName', sorter: true },
          { title: 'Email', dataIndex: 'email', sorter: true, render: (v: string | null) => v ?? '—' },
          { title: 'Group', dataIndex: 'groupName', key: 'group' },
          { title: 'Pets', dataIndex: 'petCount', sorter: true },
          { title: 'Added', dataIndex: 'dateAdded', sorter: true, render: day },
          ...(movedOut
            ? [{ title: 'Moved out', dataIndex: 'dateMoveOut', sorter: true, render: day }]
            : [
                {
                  title: 'Status',
                  dataIndex: 'isActive',
                  key: 'status',
                  render: (v: boolean) => (v ? <Tag color="green">Active</Tag> : <Tag>Inactive</Tag>),
                },
                {
                  title: 'Actions',
                  key: 'actions',
                  render: (_: unknown, row: GroupPetOwnerRow) => (
                    <ActionsDropdown
                      size="small"
                      actions={[
                        {
                          key: 'moveout',
                          label: 'Move out',
                          danger: true,
                          eligible: mayMoveOut,
                          onClick: () => confirmMoveOut(row),
                        },
                      ]}
                    />
                  ),
                },
              ]),
        ]}
      />
    </>
  );
}
