import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { App, Card, Space, Tag, Typography } from 'antd';
import { DogQuickActions, PAGE_SIZE_MAX, SampleCustomerStatus, can, ownerPetsPageQuery } from '@registry/contracts';
import { useCurrentUser } from '../../lib/auth';
import { DataTable } from '../../components/DataTable';
import { SchemaTextInput } from '../../components/MaxLengthInput';
import { ErrorPresenter, useErrorDialog } from '../../components/ErrorPresenter';
import { ConfirmByTypingDialog } from '../../components/ConfirmByTypingDialog';
import { dogQuickActionsQuery } from '../accounts/accounts.api';
import { DogDetails, useTransferDialog } from './DogDetails';
import { allowedActions, useSampleActionRunner } from './SampleActions';
import { statusLabel } from './petLabels';
import {
  downloadDnaProfile,
  downloadDnaVerificationCertificate,
  ownerPetsQuery,
  useDeletePet,
  useSetPetActive,
  type PetListRow,
} from './pets.api';

/** Spec 3 §2: the owner's pet list pages by 15, 25, 50, 100 or everything. */
export const OWNER_PET_PAGE_SIZES = [15, 25, 50, 100, PAGE_SIZE_MAX];
const JUMP_DELAY_MS = 500;

/** The pet a typed sample number names: exactly one match, else none. */
export function findBySampleNumber(pets: readonly PetListRow[], text: string): PetListRow | null {
  const wanted = text.trim().toUpperCase();
  if (!wanted) return null;
  const matches = pets.filter((pet) => pet.sampleNumber?.toUpperCase() === wanted);
  return matches.length === 1 ? matches[0] : null;
}

/** One-click buttons on a dog row, as the user's dog quick actions setting (bit flags) chooses. */
function QuickActions({ row, flags }: { row: PetListRow; flags: number }) {
  const me = useCurrentUser();
  const may = (right: Parameters<typeof can>[1]) => me !== undefined && can(me.roleId, right);
  const sample = useSampleActionRunner(row);
  const transfer = useTransferDialog();
  const setActive = useSetPetActive();
  const remove = useDeletePet();
  const [deleting, setDeleting] = useState(false);
  const { message } = App.useApp();
  const showError = useErrorDialog();
  const has = (flag: number) => (flags & flag) === flag;
  const statusOk = (action: 'reject' | 'verify' | 'expire' | 'void') =>
    may('sample.changeStatus') && allowedActions(row).includes(action);
  const buttons: { key: string; label: string; show: boolean; run: () => void }[] = [
    {
      key: 'flag',
      label: row.isFlagged ? 'Unflag' : 'Flag',
      show: has(DogQuickActions.Flag) && may('sample.flag'),
      run: () => sample.open({ kind: 'flag' }),
    },
    {
      key: 'verify',
      label: 'Verify',
      show: has(DogQuickActions.Verify) && statusOk('verify'),
      run: () => sample.open({ kind: 'status', action: 'verify' }),
    },
    {
      key: 'reject',
      label: 'Reject',
      show: has(DogQuickActions.Reject) && statusOk('reject'),
      run: () => sample.open({ kind: 'status', action: 'reject' }),
    },
    {
      key: 'expire',
      label: 'Expire',
      show: has(DogQuickActions.Expire) && statusOk('expire'),
      run: () => sample.open({ kind: 'status', action: 'expire' }),
    },
    {
      key: 'void',
      label: 'Void',
      show: has(DogQuickActions.Void) && statusOk('void'),
      run: () => sample.open({ kind: 'status', action: 'void' }),
    },
    {
      key: 'deactivate',
      label: row.isActive ? 'Deactivate' : 'Activate',
      show: has(DogQuickActions.Deactivate) && may('pet.edit'),
      run: () =>
        setActive.mutateAsync({ id: row.id, isActive: !row.isActive }).then(
          (r) => void message.success(r.message),
          (e: unknown) => showError(e),
        ),
    },
    {
      key: 'transfer',
      label: 'Transfer',
      show: has(DogQuickActions.Transfer) && may('pet.transfer'),
      run: () => transfer.open(row),
    },
    {
      key: 'dnaProfile',
      label: 'DNA profile',
      show: has(DogQuickActions.DnaProfile) && row.customerFacingStatus === SampleCustomerStatus.DnaProcessingComplete,
      run: () => void downloadDnaProfile(row).catch(showError),
    },
    {
      key: 'dnaVerification',
      label: 'DNA verification',
      show:
        has(DogQuickActions.DnaVerification) &&
        row.hasApprovedVerificationTest &&
        !row.isDnaVerificationCertificateRevoked,
      run: () => void downloadDnaVerificationCertificate(row).catch(showError),
    },
    {
      key: 'delete',
      label: 'Delete',
      show: has(DogQuickActions.Delete) && may('pet.delete'),
      run: () => setDeleting(true),
    },
  ];
  return (
    // A bounded cell (row-actions in styles.css): the links wrap onto lines of their own rather than pin a column as
    // wide as a phone over the dog's name and sample number.
    <Space size={4} wrap className="row-actions" onClick={(e) => e.stopPropagation()}>
      {buttons
        .filter((b) => b.show)
        .map((b) => (
          <Typography.Link key={b.key} onClick={b.run} aria-label={`${b.label} ${row.name}`}>
            {b.label}
          </Typography.Link>
        ))}
      {sample.dialog}
      {transfer.dialog}
      <ConfirmByTypingDialog
        open={deleting}
        title={`Delete ${row.name}`}
        prompt={
          <>
            Type the dog&apos;s name, <strong>{row.name}</strong>, to delete it.
          </>
        }
        expectedText={row.name}
        okText="Delete"
        danger
        onCancel={() => setDeleting(false)}
        onConfirm={async () => {
          try {
            const r = await remove.mutateAsync(row.id);
            void message.success(r.message);
            setDeleting(false);
          } catch (error) {
            showError(error);
          }
        }}
      />
    </Space>
  );
}

/** The pet list of an owner with the selected dog's details below (the sample number in the URL selects it). */
export function OwnerPets({ petOwnerId, sampleNumber }: { petOwnerId: number; sampleNumber?: string }) {
  const query = useQuery(ownerPetsQuery(petOwnerId));
  const me = useCurrentUser();
  const quick = useQuery({ ...dogQuickActionsQuery(), enabled: me?.isAdmin === true });
  const navigate = useNavigate();
  const pets = useMemo(() => query.data ?? [], [query.data]);
  const [pageSize, setPageSize] = useState(OWNER_PET_PAGE_SIZES[0]);
  const [page, setPage] = useState(1);
  const [jump, setJump] = useState('');
  const selected = sampleNumber ? findBySampleNumber(pets, sampleNumber) : null;

  const select = (pet: PetListRow | null) =>
    void navigate({
      to: '/petowner/$petOwnerId/{-$sampleNumber}',
      params: { petOwnerId: String(petOwnerId), sampleNumber: pet?.sampleNumber ?? undefined },
    });

  useEffect(() => {
    if (!jump.trim()) return;
    const timer = setTimeout(() => {
      const pet = findBySampleNumber(pets, jump);
      if (!pet) return;
      setPage(Math.floor(pets.indexOf(pet) / pageSize) + 1);
      select(pet);
    }, JUMP_DELAY_MS);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- select is a fresh closure each render
  }, [jump, pets, pageSize]);

  return (
    <>
      <Card title="Pets" style={{ marginBottom: 16 }}>
        <ErrorPresenter error={query.error} />
        {/* Finds a pet among the rows already loaded; held to a sample number's limit all the same. */}
        <SchemaTextInput
          schema={ownerPetsPageQuery}
          field="sampleNumberFilter"
          aria-label="Jump to sample number"
          placeholder="Jump to sample number"
          allowClear
          value={jump}
          onChange={setJump}
          style={{ maxWidth: 260, marginBottom: 12 }}
        />
        <DataTable<PetListRow>
          rowKey="id"
          loading={query.isLoading}
          dataSource={pets}
          locale={{ emptyText: 'No pets registered yet.' }}
          onRow={(pet) => ({ onClick: () => select(pet), style: { cursor: 'pointer' } })}
          rowClassName={(pet) => (selected?.id === pet.id ? 'ant-table-row-selected' : '')}
          pagination={{
            current: page,
            pageSize,
            pageSizeOptions: OWNER_PET_PAGE_SIZES.map(String),
            showSizeChanger: true,
            locale: { items_per_page: '/ page' },
            onChange: (p, size) => {
              setPage(size === pageSize ? p : 1);
              setPageSize(size);
            },
          }}
          columns={[
            {
              title: 'Name',
              dataIndex: 'name',
              render: (name: string, pet) => <Typography.Link onClick={() => select(pet)}>{name}</Typography.Link>,
            },
            { title: 'Sample number', dataIndex: 'sampleNumber', render: (v: string | null) => v ?? '—' },
            { title: 'Breed', dataIndex: 'breed', render: (v: string | null) => v ?? '—' },
            { title: 'Sample status', dataIndex: 'customerFacingStatus', render: statusLabel },
            {
              title: 'Status',
              dataIndex: 'isActive',
              render: (active: boolean, pet) => (
                <Space size={4}>
                  {active ? <Tag color="green">Active</Tag> : <Tag>Inactive</Tag>}
                  {pet.isFlagged && <Tag color="red">Flagged</Tag>}
                  {pet.isServiceAnimal && <Tag color="blue">ESA</Tag>}
                </Space>
              ),
            },
            ...(me?.isAdmin
              ? [
                  {
                    title: 'Quick actions',
                    key: 'actions',
                    render: (_: unknown, pet: PetListRow) => <QuickActions row={pet} flags={quick.data ?? 0} />,
                  },
                ]
              : []),
          ]}
        />
      </Card>
      {selected && <DogDetails key={selected.id} petId={selected.id} onGone={() => select(null)} />}
    </>
  );
}
