import { useParams } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Tag } from 'antd';
import { PageTitle } from '../../components/PageTitle';
import { NotFound, isValidId } from '../../components/NotFound';
import { ErrorPresenter } from '../../components/ErrorPresenter';
import { petOwnerQuery } from './petowners.api';
import { OwnerPets } from '../pets/OwnerPets';

/** A pet owner's details and pets; a sample number in the URL selects that dog and shows its details. */
export function PetOwnerPage() {
  const { petOwnerId, sampleNumber } = useParams({ from: '/_app/petowner/$petOwnerId/{-$sampleNumber}' });
  const id = Number(petOwnerId);
  const query = useQuery({ ...petOwnerQuery(id), enabled: isValidId(id) });
  const owner = query.data;
  if (!isValidId(id)) return <NotFound what="Pet owner" />;

  return (
    <>
      <PageTitle>{owner?.fullName ?? 'Pet owner'}</PageTitle>
      <ErrorPresenter error={query.error} />
      <Card title="Details" loading={query.isLoading} style={{ marginBottom: 16 }}>
        {owner && (
          <Descriptions column={{ xs: 1, md: 2 }}>
            <Descriptions.Item label="Name">{owner.fullName}</Descriptions.Item>
            <Descriptions.Item label="User name">{owner.userName}</Descriptions.Item>
            <Descriptions.Item label="Email">{owner.email ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="Status">
              {owner.isActive ? <Tag color="green">Active</Tag> : <Tag>Inactive</Tag>}
            </Descriptions.Item>
          </Descriptions>
        )}
      </Card>
      {owner && <OwnerPets petOwnerId={owner.id} sampleNumber={sampleNumber} />}
    </>
  );
}
