import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Space, Switch, Tag, Typography } from 'antd';
import { PetMessages, can, type PetOwnerSearchRow } from '@registry/contracts';
import { useCurrentUser } from '../../lib/auth';
import { ActionsDropdown } from '../../components/ActionsDropdown';
import { ConfirmByTypingDialog } from '../../components/ConfirmByTypingDialog';
import { ErrorPresenter, useErrorDialog } from '../../components/ErrorPresenter';
import { PetOwnerSearchModal } from '../petowners/components/PetOwnerSearchModal';
import { PetEditModal } from './PetEditModal';
import { PetImageUpload } from './PetImageUpload';
import { ACTION_LABELS, SampleHistory, allowedActions, useSampleActionRunner } from './SampleActions';
import { genderLabel, statusLabel } from './petLabels';
import {
  downloadDnaVerificationCertificate,
  petQuery,
  useDeletePet,
  useSetPetActive,
  useSetServiceAnimal,
  useTransferPet,
  type PetView,
} from './pets.api';
import { DogProductsPanel } from '../shop/DogProductsPanel';
import { CertificateButton } from '../parentage/CertificateButton';
import { showDate } from '../../components/labTime';

/** Transfer with the owner search modal; the toast names the sample and the new owner. */
export function useTransferDialog(onTransferred?: () => void) {
  const [pet, setPet] = useState<Pick<PetView, 'id' | 'name'> | null>(null);
  const transfer = useTransferPet();
  const { message, modal } = App.useApp();
  const showError = useErrorDialog();
  const onSelect = (owner: PetOwnerSearchRow) => {
    if (!pet) return;
    modal.confirm({
      title: 'Transfer pet',
      content: `Transfer ${pet.name} to ${owner.fullName}?`,
      okText: 'Transfer',
      onOk: () =>
        transfer.mutateAsync({ petId: pet.id, newPetOwnerId: owner.id }).then(
          (result) => {
            void message.success(result.message);
            setPet(null);
            onTransferred?.();
          },
          (error: unknown) => showError(error),
        ),
    });
  };
  const dialog = (
    <PetOwnerSearchModal
      open={pet !== null}
      title={`Transfer ${pet?.name ?? ''} to`}
      okText="Select"
      onSelect={onSelect}
      onCancel={() => setPet(null)}
    />
  );
  return { open: setPet, dialog };
}

/** Dog details (spec 3 §2): the record, its photo, the edit form, toggles, flag, status actions, transfer, history. */
export function DogDetails({ petId, onGone }: { petId: number; onGone?: () => void }) {
  const query = useQuery(petQuery(petId));
  const pet = query.data;
  const me = useCurrentUser();
  const may = (right: Parameters<typeof can>[1]) => me !== undefined && can(me.roleId, right);
  const { message } = App.useApp();
  const showError = useErrorDialog();
  const setActive = useSetPetActive();
  const setService = useSetServiceAnimal();
  const remove = useDeletePet();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const sample = useSampleActionRunner(pet);
  const transfer = useTransferDialog(onGone);

  if (!pet) return <Card loading={query.isLoading}>{query.error ? <ErrorPresenter error={query.error} /> : null}</Card>;
  const done = (p: Promise<{ message: string }>) =>
    p.then(
      (r) => void message.success(r.message),
      (e: unknown) => showError(e),
    );
  const statusActions = may('sample.changeStatus')
    ? allowedActions(pet)
    : allowedActions(pet).filter((a) => a === 'resetToProfileCreated' && may('pet.edit'));

  return (
    <Card
      title={
        <Space wrap>
          <span>{pet.name}</span>
          <Tag>{statusLabel(pet.customerFacingStatus)}</Tag>
          {pet.isFlagged && <Tag color="red">Flagged</Tag>}
          {!pet.isActive && <Tag>Inactive</Tag>}
        </Space>
      }
      extra={
        <ActionsDropdown
          size="small"
          moreLabel={`More actions for ${pet.name}`}
          actions={[
            { key: 'edit', label: 'Edit', eligible: may('pet.edit'), onClick: () => setEditing(true) },
            ...statusActions.map((action) => ({
              key: action,
              label: ACTION_LABELS[action],
              onClick: () => sample.open({ kind: 'status', action }),
            })),
            {
              key: 'flag',
              label: pet.isFlagged ? 'Unflag' : 'Flag',
              eligible: may('sample.flag'),
              onClick: () => sample.open({ kind: 'flag' }),
            },
            { key: 'transfer', label: 'Transfer', eligible: may('pet.transfer'), onClick: () => transfer.open(pet) },
            {
              key: 'delete',
              label: 'Delete',
              danger: true,
              eligible: may('pet.delete'),
              onClick: () => setDeleting(true),
            },
          ]}
        />
      }
    >
      <Space align="start" wrap size="large">
        <PetImageUpload pet={pet} canEdit={may('pet.edit')} />
        <Descriptions column={{ xs: 1, md: 2 }} size="small">
          <Descriptions.Item label="Sample number">{pet.sampleNumber ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="Breed">{pet.breed ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="Gender">{genderLabel(pet.gender)}</Descriptions.Item>
          <Descriptions.Item label="Weight">
            {pet.weight == null ? '—' : `${pet.weight} ${pet.weightUnit === 1 ? 'kg' : 'lb'}`}
          </Descriptions.Item>
          <Descriptions.Item label="Date of birth">{pet.dateOfBirth ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="Adoption date">{pet.adoptionDate ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="Service animal">
            <Switch
              aria-label="Service animal"
              checked={pet.isServiceAnimal}
              disabled={!may('pet.edit')}
              loading={setService.isPending}
              onChange={(isServiceAnimal) => done(setService.mutateAsync({ id: pet.id, isServiceAnimal }))}
            />
          </Descriptions.Item>
          <Descriptions.Item label="Active">
            <Switch
              aria-label="Active"
              checked={pet.isActive}
              disabled={!may('pet.edit')}
              loading={setActive.isPending}
              onChange={(isActive) => done(setActive.mutateAsync({ id: pet.id, isActive }))}
            />
          </Descriptions.Item>
          {pet.isFlagged && <Descriptions.Item label="Flag notes">{pet.flagNotes ?? '—'}</Descriptions.Item>}
          <Descriptions.Item label="Updated">
            {showDate(pet.dateUpdated)}
            {pet.updatedBy ? ` by ${pet.updatedBy.fullName}` : ''}
          </Descriptions.Item>
        </Descriptions>
      </Space>
      {may('pet.edit') && (
        <div style={{ marginTop: 12 }}>
          <Button onClick={() => setEditing(true)}>Edit dog</Button>
        </div>
      )}
      {pet.hasApprovedVerificationTest && (
        // The certificate of the verification test (issue 23); once revoked it is no longer given out.
        <div style={{ marginTop: 12 }}>
          {pet.isDnaVerificationCertificateRevoked ? (
            <Tag>DNA verification certificate revoked</Tag>
          ) : (
            <Button onClick={() => void downloadDnaVerificationCertificate(pet).catch(showError)}>
              Download DNA verification certificate
            </Button>
          )}
        </div>
      )}
      {pet.parentageCertificateResultId !== null && (
        // A Certified parentage result is the dog's certificate whatever products are ticked on it.
        <div style={{ marginTop: 12 }}>
          <CertificateButton query={{ petId: pet.id }}>Parentage certificate</CertificateButton>
        </div>
      )}
      {pet.sampleNumber ? (
        <div style={{ marginTop: 16 }}>
          <SampleHistory sampleNumber={pet.sampleNumber} />
        </div>
      ) : (
        <Typography.Paragraph type="secondary">No sample number yet.</Typography.Paragraph>
      )}
      <div style={{ marginTop: 16 }}>
        <DogProductsPanel petId={pet.id} />
      </div>
      {editing && <PetEditModal pet={pet} open={editing} onClose={() => setEditing(false)} />}
      {sample.dialog}
      {transfer.dialog}
      <ConfirmByTypingDialog
        open={deleting}
        title={`Delete ${pet.name}`}
        prompt={
          <>
            Type the dog&apos;s name, <strong>{pet.name}</strong>, to delete it.
          </>
        }
        expectedText={pet.name}
        okText="Delete"
        danger
        onCancel={() => setDeleting(false)}
        onConfirm={async () => {
          try {
            await remove.mutateAsync(pet.id);
            void message.success(PetMessages.petDeleted);
            setDeleting(false);
            onGone?.();
          } catch (error) {
            showError(error);
          }
        }}
      />
    </Card>
  );
}
