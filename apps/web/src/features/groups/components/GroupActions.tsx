import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { App } from 'antd';
import { GroupTypes, can, groupTypeLabel } from '@registry/contracts';
import { useCurrentUser } from '../../../lib/auth';
import { errorText } from '../../../lib/api';
import { ActionsDropdown } from '../../../components/ActionsDropdown';
import { ConfirmByTypingDialog } from '../../../components/ConfirmByTypingDialog';
import { GroupHierarchyPicker } from './GroupHierarchyPicker';
import { useErrorDialog } from '../../../components/ErrorPresenter';
import { useDeleteGroup, useMoveGroup, useSetGroupActive, type GroupDetails } from '../groups.api';
import { groupActions } from '../groupRules';
import { AddGroupModal } from './AddGroupModal';
import { CertificateCustomizationModal } from './CertificateCustomizationModal';
import { GroupEditModal } from './GroupEditModal';

/** Groups that can receive children: the move picker lists these and the server checks the rules of spec 2 §5. */
const MOVE_TARGET_TYPES = [
  GroupTypes.HierarchyRoot,
  GroupTypes.ManagementGroup,
  GroupTypes.Distributorship,
  GroupTypes.DistributorshipManagementGroup,
];

type Open = 'edit' | 'add' | 'move' | 'delete' | 'certificate' | null;

/** The group's actions by type (spec 2 §4): edit, add, move, deactivate/reactivate, delete, certificate customization. */
export function GroupActions({ group }: { group: GroupDetails }) {
  const [open, setOpen] = useState<Open>(null);
  const { modal, message } = App.useApp();
  const showError = useErrorDialog();
  const navigate = useNavigate();
  const move = useMoveGroup();
  const remove = useDeleteGroup();
  const setActive = useSetGroupActive();
  const me = useCurrentUser();
  // The group type's actions (spec 2 §4), narrowed to those the rights table gives the user's role.
  const may = (action: Parameters<typeof can>[1]) => me !== undefined && can(me.roleId, action);
  const byType = groupActions(group.groupType);
  const allowed = {
    edit: may('group.edit'),
    add: byType.add && may('group.create'),
    move: byType.move && may('group.move'),
    delete: byType.delete && may('group.delete'),
    deactivate: byType.deactivate && may('group.deactivate'),
  };
  const close = () => setOpen(null);
  const label = groupTypeLabel(group.groupType);

  const confirmActive = (active: boolean) =>
    modal.confirm({
      title: active ? `Reactivate ${label}` : `Deactivate ${label}`,
      content: active
        ? `You are about to reactivate '${group.name}'. Continue?`
        : `You are about to deactivate '${group.name}'. Continue?`,
      okText: active ? 'Reactivate' : 'Deactivate',
      okButtonProps: { danger: !active },
      onOk: async () => {
        try {
          const res = await setActive.mutateAsync({ groupId: group.id, active });
          void message.success(res.message || (active ? 'Group reactivated.' : 'Group deactivated.'));
        } catch (error) {
          showError(error);
        }
      },
    });

  return (
    <>
      <ActionsDropdown
        moreLabel="More group actions"
        actions={[
          { key: 'edit', label: 'Edit', onClick: () => setOpen('edit'), eligible: allowed.edit },
          { key: 'add', label: 'Add group', onClick: () => setOpen('add'), eligible: allowed.add && group.isActive },
          { key: 'move', label: 'Move', onClick: () => setOpen('move'), eligible: allowed.move },
          {
            key: 'deactivate',
            label: 'Deactivate',
            onClick: () => confirmActive(false),
            eligible: allowed.deactivate && group.isActive,
            danger: true,
          },
          {
            key: 'reactivate',
            label: 'Reactivate',
            onClick: () => confirmActive(true),
            eligible: allowed.deactivate && !group.isActive,
          },
          {
            key: 'certificate',
            label: 'Certificate customization',
            onClick: () => setOpen('certificate'),
            eligible: allowed.edit,
          },
          { key: 'delete', label: 'Delete', onClick: () => setOpen('delete'), eligible: allowed.delete, danger: true },
        ]}
      />
      <GroupEditModal group={group} open={open === 'edit'} onClose={close} />
      {allowed.add && <AddGroupModal parent={group} open={open === 'add'} onClose={close} />}
      <CertificateCustomizationModal groupId={group.id} open={open === 'certificate'} onClose={close} />
      <GroupHierarchyPicker
        open={open === 'move'}
        title={`Move ${group.name}`}
        okText="Move"
        allowedTypes={MOVE_TARGET_TYPES}
        onPick={async (target) => {
          try {
            const res = await move.mutateAsync({ parentId: target.id, childId: group.id });
            void message.success(res.message || `Moved under ${target.name}.`);
            close();
          } catch (error) {
            void message.error(errorText(error));
          }
        }}
        onCancel={close}
      />
      <ConfirmByTypingDialog
        open={open === 'delete'}
        title={`Delete ${label}`}
        prompt={
          <>
            Type the group name <b>{group.name}</b> to delete this group.
          </>
        }
        expectedText={group.name}
        mismatchMessage="Invalid confirmation text. Please ensure you have typed the group name correctly."
        okText="Delete group"
        onConfirm={async () => {
          try {
            const res = await remove.mutateAsync({ id: group.id, confirmation: group.name });
            void message.success(res.message || 'Group deleted.');
            close();
            void (group.parentId
              ? navigate({ to: '/group/$id/dashboard', params: { id: String(group.parentId) } })
              : navigate({ to: '/' }));
          } catch (error) {
            showError(error);
          }
        }}
        onCancel={close}
      />
    </>
  );
}
