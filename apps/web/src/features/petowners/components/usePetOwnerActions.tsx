import { useState } from 'react';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { App } from 'antd';
import { PetOwnerMessages, can, type PetOwnerView, type Right, type UserInfo } from '@registry/contracts';
import { errorText } from '../../../lib/api';
import { signInAsUser } from '../../../lib/auth';
import { useErrorDialog } from '../../../components/ErrorPresenter';
import type { ActionItem } from '../../../components/ActionsDropdown';
import {
  useActivatePetOwner,
  useDeactivatePetOwner,
  useDeletePetOwner,
  useResetPetOwnerPassword,
} from '../petowners.api';

/** The owner page's admin actions (spec 2 §2, §4) with their confirmations; only those the rights table gives `me`. */
export function usePetOwnerActions(
  owner: PetOwnerView | undefined,
  onEdit: () => void,
  onAddPets: () => void,
  me: Pick<UserInfo, 'roleId' | 'isAdmin'> | undefined,
) {
  const { modal, message } = App.useApp();
  const showError = useErrorDialog();
  const navigate = useNavigate();
  const router = useRouter();
  const id = owner?.id ?? 0;
  const activate = useActivatePetOwner(id);
  const deactivate = useDeactivatePetOwner(id);
  const remove = useDeletePetOwner(id);
  const resetPassword = useResetPetOwnerPassword(id);
  const [deleteOpen, setDeleteOpen] = useState(false);

  if (!owner || !me?.isAdmin) return { actions: [] as ActionItem[], deleteDialog: null, busy: false };
  const name = owner.fullName.trim() || owner.userName;
  const may = (right: Right) => can(me.roleId, right);
  const done = (r: { message: string }) => void message.success(r.message);

  const onDeactivate = () =>
    modal.confirm({
      title: 'Deactivate pet owner',
      content: `You are about to deactivate ${name}. They are removed from all groups and can no longer sign in. Continue?`,
      okText: 'Deactivate',
      okButtonProps: { danger: true },
      onOk: () => deactivate.mutateAsync().then(done, (e) => showError(e)),
    });

  const onResetPassword = () =>
    modal.confirm({
      title: 'Reset password',
      content: `A new password will be generated for ${name} and emailed to ${owner.email ?? 'the pet owner'}. Continue?`,
      okText: 'Reset password',
      onOk: () => resetPassword.mutateAsync().then(done, (e) => showError(e)),
    });

  const onSignInAs = () =>
    modal.confirm({
      title: 'Sign in as this pet owner',
      content: `You will be signed in as ${name}. Log out to return to your own session.`,
      okText: 'Sign in',
      onOk: async () => {
        try {
          const ownerPage = router.buildLocation({
            to: '/petowner/$petOwnerId/{-$sampleNumber}',
            params: { petOwnerId: String(owner.id), sampleNumber: undefined },
          });
          await signInAsUser(owner.id, ownerPage.href);
        } catch (e) {
          void message.error(errorText(e));
        }
      },
    });

  const onDelete = () => {
    if (owner.pets.length > 0) {
      modal.warning({ title: 'Delete pet owner', content: PetOwnerMessages.petsRemain });
      return;
    }
    setDeleteOpen(true);
  };

  const firstGroup = owner.groups[0]?.id;
  const deleteDialog = {
    open: deleteOpen,
    expectedText: owner.userName,
    onCancel: () => setDeleteOpen(false),
    onConfirm: async () => {
      try {
        const r = await remove.mutateAsync();
        setDeleteOpen(false);
        done(r);
        // A deleted owner leads to the group dashboard (spec 2 §4).
        void navigate(firstGroup ? { to: '/group/$id/dashboard', params: { id: String(firstGroup) } } : { to: '/' });
      } catch (e) {
        showError(e);
      }
    },
  };

  const actions: ActionItem[] = [
    { key: 'edit', label: 'Edit', onClick: onEdit, eligible: may('petOwner.edit') },
    { key: 'addpets', label: 'Add pets', onClick: onAddPets, eligible: owner.isActive && may('pet.register') },
    {
      key: 'activate',
      label: 'Activate',
      onClick: () => activate.mutate(undefined, { onSuccess: done, onError: (e) => showError(e) }),
      eligible: !owner.isActive && may('petOwner.deactivate'),
    },
    {
      key: 'deactivate',
      label: 'Deactivate',
      onClick: onDeactivate,
      eligible: owner.isActive && may('petOwner.deactivate'),
    },
    { key: 'reset', label: 'Reset password', onClick: onResetPassword, eligible: may('petOwner.resetPassword') },
    {
      key: 'signinas',
      label: 'Sign in as this pet owner',
      onClick: onSignInAs,
      eligible: owner.isActive && may('petOwner.signInAs'),
    },
    { key: 'delete', label: 'Delete', onClick: onDelete, danger: true, eligible: may('petOwner.delete') },
  ];
  return { actions, deleteDialog, busy: activate.isPending || deactivate.isPending || resetPassword.isPending };
}
