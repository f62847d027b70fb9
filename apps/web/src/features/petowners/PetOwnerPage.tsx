import { useParams } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Tag } from 'antd';
import { Gender, type PetOwnerView } from '@registry/contracts';
import { PageTitle } from '../../components/PageTitle';
import { NotFound, isValidId } from '../../components/NotFound';
import { ErrorPresenter } from '../../components/ErrorPresenter';
import { petOwnerQuery } from './petowners.api';
import { DataTable } from '../../components/DataTable';

type Pet = PetOwnerView['pets'][number];

const genderName = (g: number) => (g === Gender.Male ? 'Male' : g === Gender.Female ? 'Female' : 'Unknown');

/** A pet owner's details and pets; a sample number in the URL highlights that pet. */
export function PetOwnerPage() {
  const { petOwnerId, sampleNumber } = useParams({ from: '/_app/petowner/$petOwnerId/{-$sampleNumber}' });
  const id = Number(petOwnerId);
  const query = useQuery({ ...petOwnerQuery(id), enabled: isValidId(id) });
  const owner = query.data;
  const highlighted = sampleNumber?.toUpperCase();
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
      <Card title="Pets">
        <DataTable<Pet>
          rowKey="id"
          loading={query.isLoading}
          dataSource={owner?.pets ?? []}
          pagination={false}
          locale={{ emptyText: 'No pets registered yet.' }}
          rowClassName={(pet) =>
            highlighted && pet.sampleNumber?.toUpperCase() === highlighted ? 'ant-table-row-selected' : ''
          }
          columns={[
            { title: 'Name', dataIndex: 'name' },
            { title: 'Sample number', dataIndex: 'sampleNumber', render: (v: string | null) => v ?? '—' },
            { title: 'Breed', dataIndex: 'breed', render: (v: string | null) => v ?? '—' },
            { title: 'Gender', dataIndex: 'gender', render: genderName },
            {
              title: 'Status',
              dataIndex: 'isActive',
              render: (active: boolean) => (active ? <Tag color="green">Active</Tag> : <Tag>Inactive</Tag>),
            },
          ]}
        />
      </Card>
    </>
  );
}
