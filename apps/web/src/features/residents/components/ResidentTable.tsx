import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { App, Tag, Typography } from 'antd';
import type { TableProps } from 'antd';
import type { z } from 'zod';
import { PetSpecies, RegistrationStatus } from '@registry/contracts';
import { ActionsDropdown, type ActionItem } from '../../../components/ActionsDropdown';
import { useErrorDialog } from '../../../components/ErrorPresenter';
import { UrlTable, type PagingParams } from '../../../components/UrlTable';
import { useApproveResident, useBulkMoveOut, useDeleteResident, type ResidentRow } from '../residents.api';
import { AddDogModal } from './AddDogModal';
import { ApproveDogsModal } from './ApproveDogsModal';
import { showDate } from '../../../components/labTime';

const SPECIES_LABELS: [number, string][] = [
  [PetSpecies.Dog, 'Dog'],
  [PetSpecies.Cat, 'Cat'],
  [PetSpecies.Bird, 'Bird'],
  [PetSpecies.Rodent, 'Rodent'],
  [PetSpecies.Reptile, 'Reptile'],
  [PetSpecies.Other, 'Other'],
];
export const speciesLabel = (flags: number) =>
  SPECIES_LABELS.filter(([flag]) => (flags & flag) !== 0)
    .map(([, label]) => label)
    .join(', ') || 'None';

export const isDogOwner = (row: Pick<ResidentRow, 'petSpecies' | 'dogs'>) =>
  (row.petSpecies & PetSpecies.Dog) !== 0 || row.dogs.length > 0;
/** Spec 2 §4: approvable while pending or partially registered. */
export const canApprove = (row: Pick<ResidentRow, 'status' | 'isPartiallyRegistered'>) =>
  row.status === RegistrationStatus.PendingApproval || row.isPartiallyRegistered;
/** Delete while pending, or approved and not a dog owner (a registry pet owner moves out instead). */
export const canDelete = (row: Pick<ResidentRow, 'status' | 'isPetOwner'>) =>
  row.status === RegistrationStatus.PendingApproval || !row.isPetOwner;

/** A cell of two facts, the second (phone, dog names) in grey under the first when there is one. */
function TwoLines({ first, second }: { first: string | null; second: string | null | undefined }) {
  return (
    <>
      <div>{first}</div>
      {second && <Typography.Text type="secondary">{second}</Typography.Text>}
    </>
  );
}

/**
 * The resident table widget (spec 1 §2): a paged resident list with approve and delete, plus the list actions of the
 * pre-registration list (Approve / Approve All, Delete, Add Dog) or the residents list (Approve, Delete, Move Out, Add
 * Dog, where Add Dog approves a non-dog resident instead).
 */
export function ResidentTable<S extends z.ZodType<PagingParams>>({
  groupId,
  kind,
  searchSchema,
  queryKey,
  queryFn,
  rowSelection,
}: {
  groupId: number;
  kind: 'residents' | 'prereg';
  searchSchema: S;
  queryKey: (params: z.infer<S>) => readonly unknown[];
  queryFn: (params: z.infer<S>) => Promise<{ data: ResidentRow[]; totalRecords: number }>;
  rowSelection?: TableProps<ResidentRow>['rowSelection'];
}) {
  const { modal, message } = App.useApp();
  const showError = useErrorDialog();
  const approve = useApproveResident();
  const remove = useDeleteResident();
  const moveOut = useBulkMoveOut();
  const [approving, setApproving] = useState<number | null>(null);
  const [addingDogTo, setAddingDogTo] = useState<ResidentRow | null>(null);

  const approveResident = (row: ResidentRow) => {
    if (isDogOwner(row)) {
      setApproving(row.id);
      return;
    }
    modal.confirm({
      title: 'Approve resident',
      content: `You are about to approve resident ${row.fullName}. Continue?`,
      okText: 'Approve',
      cancelText: 'Cancel',
      onOk: () =>
        approve.mutateAsync({ id: row.id, body: {} }).then(
          (answer) => void message.success(answer.message),
          (error: unknown) => showError(error),
        ),
    });
  };
  const deleteResident = (row: ResidentRow) =>
    modal.confirm({
      title: 'Delete resident',
      content: `You are about to delete resident ${row.fullName}. Continue?`,
      okText: 'Delete',
      okButtonProps: { danger: true },
      onOk: () =>
        remove.mutateAsync(row.id).then(
          (answer) => void message.success(answer.message),
          (error: unknown) => showError(error),
        ),
    });
  const moveOutResident = (row: ResidentRow) =>
    modal.confirm({
      title: 'Move out',
      content: `You are about to move out ${row.fullName}. Continue?`,
      okText: 'Move out',
      okButtonProps: { danger: true },
      onOk: () =>
        moveOut.mutateAsync({ groupId, residentIds: [row.id] }).then(
          (answer) => void message.success(answer.message),
          (error: unknown) => showError(error),
        ),
    });

  const actionsOf = (row: ResidentRow): ActionItem[] => {
    const pendingDogs = row.dogs.filter((dog) => !dog.isRegistered).length;
    if (kind === 'prereg')
      return [
        {
          key: 'approve',
          label: 'Approve',
          eligible: canApprove(row) && (pendingDogs === 1 || !isDogOwner(row)),
          onClick: () => approveResident(row),
        },
        {
          key: 'approveAll',
          label: 'Approve All',
          eligible: canApprove(row) && pendingDogs > 1,
          onClick: () => approveResident(row),
        },
        { key: 'addDog', label: 'Add Dog', onClick: () => setAddingDogTo(row) },
        { key: 'delete', label: 'Delete', danger: true, eligible: canDelete(row), onClick: () => deleteResident(row) },
      ];
    return [
      { key: 'approve', label: 'Approve', eligible: canApprove(row), onClick: () => approveResident(row) },
      {
        key: 'addDog',
        label: 'Add Dog',
        onClick: () => (isDogOwner(row) ? setAddingDogTo(row) : approveResident(row)),
        eligible: isDogOwner(row) || canApprove(row),
      },
      { key: 'moveOut', label: 'Move Out', eligible: row.isPetOwner, onClick: () => moveOutResident(row) },
      { key: 'delete', label: 'Delete', danger: true, eligible: canDelete(row), onClick: () => deleteResident(row) },
    ];
  };

  return (
    <>
      <UrlTable<ResidentRow, S>
        empty={{
          text:
            kind === 'prereg'
              ? 'No pre-registrations match. Residents appear here once they register their dogs through the property’s pre-registration link; clear the filters to see them all.'
              : 'No residents match. Clear the filters, or share the property’s pre-registration link so residents register their dogs.',
        }}
        rowKey="id"
        searchSchema={searchSchema}
        queryKey={queryKey}
        queryFn={queryFn}
        rowSelection={rowSelection}
        // Each column as wide as its content (names and statuses on one line); the table scrolls sideways under the
        // pinned actions rather than squeezing a cell until its text is cut. On a laptop (1440 wide) every column fits
        // without that scroll: the middle size's padding, email and phone in one contact cell, and the dogs under the
        // species, so the status an office checks first is never behind a scrollbar (issue 36).
        scroll={{ x: 'max-content' }}
        size="middle"
        columns={[
          {
            title: 'Name',
            dataIndex: 'fullName',
            key: 'name',
            sorter: true,
            render: (name: string, row) => (
              <Link to="/resident/$residentId" params={{ residentId: String(row.id) }}>
                {name}
              </Link>
            ),
          },
          { title: 'Resident number', dataIndex: 'userName', key: 'residentnumber', sorter: true },
          { title: 'Unit', dataIndex: 'unitNumber', key: 'unitnumber', sorter: true },
          {
            title: 'Contact',
            dataIndex: 'email',
            key: 'email',
            sorter: true,
            render: (email: string | null, row) => <TwoLines first={email} second={row.phoneNumber} />,
          },
          {
            title: 'Pets',
            dataIndex: 'petSpecies',
            key: 'petspecies',
            sorter: true,
            render: (flags: number, row) => (
              <TwoLines first={speciesLabel(flags)} second={row.dogs.map((dog) => dog.name).join(', ')} />
            ),
          },
          {
            title: 'Status',
            dataIndex: 'status',
            sorter: true,
            render: (_: number, row) =>
              row.status === RegistrationStatus.Approved ? (
                <Tag color="green">{row.isPartiallyRegistered ? 'Partially registered' : 'Approved'}</Tag>
              ) : (
                <Tag color="gold">Pending approval</Tag>
              ),
          },
          {
            title: 'Pre-registered',
            dataIndex: 'datePreRegistered',
            key: 'datepreregistered',
            sorter: true,
            render: (value: string) => showDate(value),
          },
          {
            title: 'Actions',
            key: 'actions',
            render: (_, row) => <ActionsDropdown size="small" actions={actionsOf(row)} />,
          },
        ]}
      />
      <ApproveDogsModal residentId={approving} onClose={() => setApproving(null)} />
      <AddDogModal resident={addingDogTo} onClose={() => setAddingDogTo(null)} />
    </>
  );
}
