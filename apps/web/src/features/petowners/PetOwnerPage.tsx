import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { App, Card, Col, Descriptions, Row, Tabs, Tag } from 'antd';
import { PetOwnerMessages, can, type PetOwnerView } from '@registry/contracts';
import { ApiError } from '../../lib/api';
import { useCurrentUser } from '../../lib/auth';
import { ActionsDropdown } from '../../components/ActionsDropdown';
import { ConfirmByTypingDialog } from '../../components/ConfirmByTypingDialog';
import { ErrorPresenter } from '../../components/ErrorPresenter';
import { NotFound, isValidId } from '../../components/NotFound';
import { PageTitle, type Crumb } from '../../components/PageTitle';
import { OwnerPets } from '../pets/OwnerPets';
import { ownerPetsQuery } from '../pets/pets.api';
import { petOwnerQuery, securityQuestionQuery } from './petowners.api';
import { AddPetsModal } from './components/AddPetsModal';
import { PetOwnerEditModal } from './components/PetOwnerEditModal';
import { PetOwnerGroupsTab } from './components/PetOwnerGroupsTab';
import { AncestryUpgradeModal, PetOwnerPromotionsCard } from './components/PetOwnerSideCards';
import { SecurityQuestionCard } from '../../components/SecurityQuestionCard';
import { usePetOwnerActions } from './components/usePetOwnerActions';
import { showDate } from '../../components/labTime';

function formatAddress(a: PetOwnerView['address']): string {
  if (!a) return '—';
  const line = [a.addressLine1, a.addressLine2, a.addressLine3].filter(Boolean).join(', ');
  const place = [a.city, a.state?.abbreviation, a.postalCode].filter(Boolean).join(' ');
  return [line, place, a.country?.name].filter(Boolean).join(', ') || '—';
}

function PetOwnerDetails({ owner, showNotes }: { owner: PetOwnerView; showNotes: boolean }) {
  return (
    <Descriptions column={{ xs: 1, md: 2 }}>
      <Descriptions.Item label="Name">{owner.fullName}</Descriptions.Item>
      <Descriptions.Item label="User name">{owner.userName}</Descriptions.Item>
      <Descriptions.Item label="Email">{owner.email ?? '—'}</Descriptions.Item>
      <Descriptions.Item label="Phone">{owner.phoneNumber ?? '—'}</Descriptions.Item>
      <Descriptions.Item label="Property">{owner.associatedProperty?.name ?? '—'}</Descriptions.Item>
      <Descriptions.Item label="Groups">{owner.groups.map((g) => g.name).join(', ') || 'None'}</Descriptions.Item>
      <Descriptions.Item label="Address" span={2}>
        {formatAddress(owner.address)}
      </Descriptions.Item>
      <Descriptions.Item label="Approved">
        {owner.dateApproved ? showDate(owner.dateApproved) : 'Pre-registered'}
      </Descriptions.Item>
      <Descriptions.Item label="Receives emails">{owner.receiveEmails ? 'Yes' : 'No'}</Descriptions.Item>
      {showNotes && (
        <Descriptions.Item label="Admin notes" span={2}>
          {owner.adminNotes ?? '—'}
        </Descriptions.Item>
      )}
      {showNotes && owner.bioPetNotes !== null && (
        <Descriptions.Item label="Registry notes" span={2}>
          {owner.bioPetNotes}
        </Descriptions.Item>
      )}
    </Descriptions>
  );
}

/** A missing owner (or one out of reach) leads back to the dashboard with the spec's message (spec 2 §8). */
function useNotFoundReturn(error: unknown) {
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const missing = error instanceof ApiError && error.status === 404;
  useEffect(() => {
    if (!missing) return;
    modal.warning({ title: PetOwnerMessages.notFound, content: PetOwnerMessages.returningToDashboard });
    void navigate({ to: '/', replace: true });
  }, [missing, modal, navigate]);
  return missing;
}

/** The way back for staff: the owner's property, its pet owners, the owner, and the dog a sample number opened. */
function ownerCrumbs(owner: PetOwnerView, sampleNumber: string | undefined): Crumb[] {
  const property = owner.associatedProperty;
  const crumbs: Crumb[] = property
    ? [
        { label: property.name, to: '/group/$id/dashboard', params: { id: String(property.id) } },
        { label: 'Pet owners', to: '/group/$id/petowners', params: { id: String(property.id) } },
      ]
    : [{ label: 'Unassigned pet owners', to: '/tools/unassignedpetowners' }];
  if (!sampleNumber) return [...crumbs, { label: owner.fullName }];
  return [
    ...crumbs,
    { label: owner.fullName, to: '/petowner/$petOwnerId', params: { petOwnerId: String(owner.id) } },
    { label: `Dog ${sampleNumber}` },
  ];
}

/** /petowner/{petOwnerId}/{sampleNumber}: the owner dashboard; a sample number in the URL selects that dog. */
export function PetOwnerPage() {
  const { petOwnerId, sampleNumber } = useParams({ from: '/_app/petowner/$petOwnerId/{-$sampleNumber}' });
  const id = Number(petOwnerId);
  const me = useCurrentUser();
  const query = useQuery({ ...petOwnerQuery(id), enabled: isValidId(id) });
  const owner = query.data;
  const missing = useNotFoundReturn(query.error);
  const [editing, setEditing] = useState(false);
  const [addingPets, setAddingPets] = useState(false);
  const { actions, deleteDialog, busy } = usePetOwnerActions(
    owner,
    () => setEditing(true),
    () => setAddingPets(true),
    me,
  );
  const isAdmin = Boolean(me?.isAdmin);
  if (!isValidId(id)) return <NotFound what="Pet owner" />;

  return (
    <>
      <PageTitle
        extra={owner && <ActionsDropdown actions={actions} loading={busy} />}
        title={[sampleNumber, owner?.fullName ?? 'Pet owner', isAdmin ? owner?.associatedProperty?.name : null]}
        breadcrumbs={isAdmin && owner ? ownerCrumbs(owner, sampleNumber) : undefined}
      >
        {owner?.fullName ?? 'Pet owner'}{' '}
        {owner && (owner.isActive ? <Tag color="green">Active</Tag> : <Tag>Inactive</Tag>)}
      </PageTitle>
      {!missing && <ErrorPresenter error={query.error} />}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <Card title="Details" loading={query.isLoading}>
            {owner && <PetOwnerDetails owner={owner} showNotes={isAdmin} />}
          </Card>
        </Col>
        <Col xs={24} xl={8}>
          <Row gutter={[16, 16]}>
            {owner && (
              <Col span={24}>
                <PetOwnerPromotionsCard owner={owner} />
              </Col>
            )}
            {owner && me && !isAdmin && me.id === owner.id && (
              <Col span={24}>
                <Card size="small" title="Orders">
                  <Link to="/shop/orders">My orders</Link>
                </Card>
              </Col>
            )}
            {owner && me && isAdmin && can(me.roleId, 'petOwner.viewSecurityAnswer') && (
              <Col span={24}>
                <SecurityQuestionCard question={securityQuestionQuery(owner.id)} hidden="Hidden." />
              </Col>
            )}
          </Row>
        </Col>
        <Col span={24}>
          <Card>
            <Tabs
              items={[
                {
                  key: 'pets',
                  label: 'Pets',
                  children: owner && <OwnerPets petOwnerId={owner.id} sampleNumber={sampleNumber} />,
                },
                { key: 'groups', label: 'Groups', children: owner && <PetOwnerGroupsTab owner={owner} /> },
              ]}
            />
          </Card>
        </Col>
      </Row>
      {owner && editing && (
        <PetOwnerEditModal
          owner={owner}
          open={editing}
          showProviderNotes={Boolean(me?.isBioPetAdmin)}
          onClose={() => setEditing(false)}
        />
      )}
      {owner && addingPets && (
        <AddPetsModal petOwnerId={owner.id} open={addingPets} onClose={() => setAddingPets(false)} />
      )}
      {owner && <AncestryUpgradeModal key={owner.id} me={me} owner={owner} />}
      {deleteDialog && (
        <ConfirmByTypingDialog
          open={deleteDialog.open}
          title="Delete pet owner"
          prompt={
            <>
              This permanently deletes the pet owner. Type the user name <strong>{deleteDialog.expectedText}</strong> to
              confirm.
            </>
          }
          expectedText={deleteDialog.expectedText}
          mismatchMessage={PetOwnerMessages.typeUserName}
          okText="Delete pet owner"
          onConfirm={deleteDialog.onConfirm}
          onCancel={deleteDialog.onCancel}
        />
      )}
    </>
  );
}

/**
 * What the route asks for before the page renders (docs/decisions/screens.md, "A page's data starts with its route"):
 * the owner and their pets at once. Asked from the components, the owner waited for the signed-in layout's first
 * render, and the pets for the owner's answer as well.
 */
export function prefetch({
  context: { queryClient },
  params,
}: {
  context: { queryClient: QueryClient };
  params: { petOwnerId: string; sampleNumber?: string };
}): void {
  const petOwnerId = Number(params.petOwnerId);
  if (!isValidId(petOwnerId)) return;
  void queryClient.prefetchQuery(petOwnerQuery(petOwnerId));
  void queryClient.prefetchQuery(ownerPetsQuery(petOwnerId));
}
