import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { App } from 'antd';
import { Messages, mayActOnAdmin, type AdminAction, type AdminView, type UserInfo } from '@registry/contracts';
import { errorText } from '../../../lib/api';
import { signInAsUser } from '../../../lib/auth';
import { useErrorDialog } from '../../../components/ErrorPresenter';
import type { ActionItem } from '../../../components/ActionsDropdown';
import { useActivateAdmin, useDeactivateAdmin, useDeleteAdmin, useResetAdminPassword } from '../admins.api';

/** The admin screen's actions (spec 1 §6) with their confirmations and messages; only those the rights table allows `me`. */
export function useAdminActions(
  admin: AdminView | undefined,
  onEdit: () => void,
  me: Pick<UserInfo, 'id' | 'roleId'> | undefined,
) {
  const { modal, message } = App.useApp();
  const showError = useErrorDialog();
  const navigate = useNavigate();
  const id = admin?.id ?? 0;
  const activate = useActivateAdmin(id);
  const deactivate = useDeactivateAdmin(id);
  const remove = useDeleteAdmin(id);
  const resetPassword = useResetAdminPassword(id);
  const [deleteOpen, setDeleteOpen] = useState(false);

  if (!admin) return { actions: [] as ActionItem[], deleteDialog: null, busy: false };
  const name = admin.fullName || admin.userName;

  const onActivate = () => {
    if (!admin.email) {
      modal.warning({ title: 'Activate admin', content: Messages.adminNeedsEmail });
      return;
    }
    activate.mutate(undefined, {
      onSuccess: (r) => void message.success(r?.message ?? 'Admin activated.'),
      onError: (e) => showError(e),
    });
  };

  const onDeactivate = () =>
    modal.confirm({
      title: 'Deactivate admin',
      content: `You are about to deactivate ${name}. They will no longer be able to sign in. Continue?`,
      okText: 'Deactivate',
      okButtonProps: { danger: true },
      onOk: () =>
        deactivate.mutateAsync().then(
          (r) => void message.success(r?.message ?? 'Admin deactivated.'),
          (e) => showError(e),
        ),
    });

  const onResetPassword = () =>
    modal.confirm({
      title: 'Reset password',
      content: `A new password will be generated for ${name} and emailed to ${admin.email ?? 'the admin'}. Continue?`,
      okText: 'Reset password',
      onOk: () =>
        resetPassword.mutateAsync().then(
          (r) => void message.success(r?.message ?? 'The new password has been emailed.'),
          (e) => showError(e),
        ),
    });

  const onSignInAs = () =>
    modal.confirm({
      title: 'Sign in as this admin',
      content: `You will be signed in as ${name}. Log out to return to your own session.`,
      okText: 'Sign in',
      onOk: async () => {
        try {
          await signInAsUser(admin.id, '/');
        } catch (e) {
          void message.error(errorText(e));
        }
      },
    });

  const deleteDialog = {
    open: deleteOpen,
    expectedText: admin.userName,
    onCancel: () => setDeleteOpen(false),
    onConfirm: async () => {
      try {
        await remove.mutateAsync();
        setDeleteOpen(false);
        void message.success(Messages.adminDeleted);
        void navigate({ to: '/admin' });
      } catch (e) {
        showError(e);
      }
    },
  };

  const may = (action: AdminAction) => Boolean(me) && mayActOnAdmin(me!, admin, action);
  // Edit comes first, so it is the default button when allowed; the rest sit in the dropdown.
  const actions: ActionItem[] = [
    { key: 'edit', label: 'Edit', onClick: onEdit, eligible: may('admin.edit') },
    { key: 'activate', label: 'Activate', onClick: onActivate, eligible: !admin.isActive && may('admin.deactivate') },
    {
      key: 'deactivate',
      label: 'Deactivate',
      onClick: onDeactivate,
      eligible: admin.isActive && may('admin.deactivate'),
    },
    { key: 'reset', label: 'Reset password', onClick: onResetPassword, eligible: may('admin.resetPassword') },
    {
      key: 'signinas',
      label: 'Sign in as this admin',
      onClick: onSignInAs,
      eligible: admin.isActive && may('admin.signInAs'),
    },
    { key: 'delete', label: 'Delete', onClick: () => setDeleteOpen(true), danger: true, eligible: may('admin.delete') },
  ];
  return { actions, deleteDialog, busy: activate.isPending || deactivate.isPending || resetPassword.isPending };
}
