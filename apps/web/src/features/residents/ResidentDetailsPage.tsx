import { useState } from 'react';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, List, Skeleton, Space, Tag } from 'antd';
import { Messages, RegistrationStatus, can } from '@registry/contracts';
import { useCurrentUser } from '../../lib/auth';
import { ConfirmByTypingDialog } from '../../components/ConfirmByTypingDialog';
import { ErrorPresenter, useErrorDialog } from '../../components/ErrorPresenter';
import { NotFound, isValidId } from '../../components/NotFound';
import { PageTitle } from '../../components/PageTitle';
import { AddDogModal } from './components/AddDogModal';
import { ApproveDogsModal } from './components/ApproveDogsModal';
import { ResidentEditModal } from './components/ResidentEditModal';
import { canApprove, canDelete, isDogOwner, speciesLabel } from './components/ResidentTable';
import { residentDetailsQuery, useApproveResident, useDeleteDog, useDeleteResident } from './residents.api';
import { showDate } from '../../components/labTime';

/** Resident details (spec 2 §2) with the pre-registered dogs: name plus Delete, by typing the dog's name. */
export function ResidentDetailsPage() {
  const { residentId } = useParams({ strict: false }) as { residentId: string };
  const id = Number(residentId);
  const valid = isValidId(id);
  const details = useQuery({ ...residentDetailsQuery(id), enabled: valid });
  const navigate = useNavigate();
  const { modal, message } = App.useApp();
  const showError = useErrorDialog();
  const approve = useApproveResident();
  const remove = useDeleteResident();
  const deleteDog = useDeleteDog();
  const [approving, setApproving] = useState(false);
  const [addingDog, setAddingDog] = useState(false);
  const [editing, setEditing] = useState(false);
  const me = useCurrentUser();
  const canEdit = me !== null && me !== undefined && can(me.roleId, 'resident.edit');
  const [dogToDelete, setDogToDelete] = useState<{ id: number; name: string } | null>(null);
  if (!valid) return <NotFound what="Resident" />;
  const r = details.data;

  const approveResident = () => {
    if (!r) return;
    if (isDogOwner(r)) return setApproving(true);
    modal.confirm({
      title: 'Approve resident',
      content: `You are about to approve resident ${r.fullName}. Continue?`,
      okText: 'Approve',
      onOk: () =>
        approve.mutateAsync({ id: r.id, body: {} }).then(
          (answer) => void message.success(answer.message),
          (error: unknown) => showError(error),
        ),
    });
  };
  const deleteResident = () =>
    r &&
    modal.confirm({
      title: 'Delete resident',
      content: `You are about to delete resident ${r.fullName}. Continue?`,
      okText: 'Delete',
      okButtonProps: { danger: true },
      onOk: () =>
        remove.mutateAsync(r.id).then(
          () => {
            void message.success(Messages.residentDeleted);
            void navigate({ to: '/group/$id/residents', params: { id: String(r.groupId) } });
          },
          (error: unknown) => showError(error),
        ),
    });

  return (
    <>
      <PageTitle
        title={[r?.fullName ?? 'Resident', 'Residents', r?.propertyName]}
        breadcrumbs={
          r
            ? [
                { label: r.propertyName, to: '/group/$id/dashboard', params: { id: String(r.groupId) } },
                { label: 'Residents', to: '/group/$id/residents', params: { id: String(r.groupId) } },
                { label: r.fullName },
              ]
            : undefined
        }
        extra={
          r && (
            <Space wrap>
              {canApprove(r) && (
                <Button type="primary" onClick={approveResident}>
                  Approve
                </Button>
              )}
              {canEdit && <Button onClick={() => setEditing(true)}>Edit</Button>}
              <Button onClick={() => setAddingDog(true)}>Add Dog</Button>
              {canDelete(r) && (
                <Button danger onClick={deleteResident}>
                  Delete
                </Button>
              )}
            </Space>
          )
        }
      >
        {r ? r.fullName : 'Resident'}
      </PageTitle>
      <ErrorPresenter error={details.error} />
      {/* While the resident loads, the card's outline shows (not a blank page). */}
      {!r && details.isPending && (
        <Card title="Details">
          <Skeleton active />
        </Card>
      )}
      {r && (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Card title="Details">
            <Descriptions column={{ xs: 1, md: 2 }}>
              <Descriptions.Item label="Property">
                <Link to="/group/$id/residents" params={{ id: String(r.groupId) }}>
                  {r.propertyName}
                </Link>
              </Descriptions.Item>
              <Descriptions.Item label="Status">
                {r.status === RegistrationStatus.Approved ? (
                  <Tag color="green">{r.isPartiallyRegistered ? 'Partially registered' : 'Approved'}</Tag>
                ) : (
                  <Tag color="gold">Pending approval</Tag>
                )}
              </Descriptions.Item>
              <Descriptions.Item label="Resident number">{r.residentNumber ?? '—'}</Descriptions.Item>
              <Descriptions.Item label="User name">{r.userName ?? '—'}</Descriptions.Item>
              <Descriptions.Item label="Email">{r.email}</Descriptions.Item>
              <Descriptions.Item label="Phone">{r.phoneNumber}</Descriptions.Item>
              <Descriptions.Item label="Unit">{r.unitNumber}</Descriptions.Item>
              <Descriptions.Item label="Species">{speciesLabel(r.petSpecies)}</Descriptions.Item>
              <Descriptions.Item label="Pre-registered">{showDate(r.datePreRegistered)}</Descriptions.Item>
              {r.petOwnerId && (
                <Descriptions.Item label="Pet owner">
                  <Link to="/petowner/$petOwnerId/{-$sampleNumber}" params={{ petOwnerId: String(r.petOwnerId) }}>
                    {r.userName}
                  </Link>
                </Descriptions.Item>
              )}
            </Descriptions>
          </Card>
          <Card title="Pre-registered dogs">
            <List
              dataSource={r.dogDetails}
              locale={{ emptyText: 'No dogs associated with this resident' }}
              renderItem={(dog) => (
                <List.Item
                  actions={
                    dog.isRegistered
                      ? [
                          <Tag key="registered" color="green">
                            Registered
                          </Tag>,
                        ]
                      : [
                          <Button key="delete" danger size="small" onClick={() => setDogToDelete(dog)}>
                            Delete
                          </Button>,
                        ]
                  }
                >
                  <List.Item.Meta
                    title={dog.name}
                    description={[dog.breed, dog.isServiceAnimal ? 'Service animal' : null].filter(Boolean).join(' · ')}
                  />
                </List.Item>
              )}
            />
          </Card>
        </Space>
      )}
      <ApproveDogsModal residentId={approving && r ? r.id : null} onClose={() => setApproving(false)} />
      <AddDogModal resident={addingDog && r ? r : null} onClose={() => setAddingDog(false)} />
      {r && canEdit && <ResidentEditModal resident={r} open={editing} onClose={() => setEditing(false)} />}
      <ConfirmByTypingDialog
        open={dogToDelete !== null}
        title="Delete dog"
        prompt={`Type the dog's name, ${dogToDelete?.name ?? ''}, to delete it.`}
        expectedText={dogToDelete?.name ?? ''}
        okText="Delete"
        onCancel={() => setDogToDelete(null)}
        onConfirm={async () => {
          if (!r || !dogToDelete) return;
          try {
            await deleteDog.mutateAsync({ residentId: r.id, dogId: dogToDelete.id, confirmName: dogToDelete.name });
            setDogToDelete(null);
          } catch (error) {
            // Spec 2 §8: deleting a pre-registered dog fails silently with a log.
            console.error(error);
            setDogToDelete(null);
          }
        }}
      />
    </>
  );
}
