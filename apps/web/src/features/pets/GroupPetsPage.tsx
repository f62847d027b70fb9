import { Link, useParams } from '@tanstack/react-router';
import { Card, DatePicker, Form, Select, Tag } from 'antd';
import { dayjs } from '../../lib/dayjs';
import { UpdateOnEnterInput } from '../../components/UpdateOnEnterInput';
import { UrlTable, useUrlState } from '../../components/UrlTable';
import { GroupFrame } from '../../components/GroupFrame';
import { STATUS_OPTIONS, statusLabel } from './petLabels';
import { fetchPetsUnderGroup, petKeys, type PetListRow } from './pets.api';
import { groupPetsSearch, type GroupPetsSearch } from './pets.search';
import { showDate } from '../../components/labTime';
import { FilterBar } from '../../components/FilterBar';

const URL_DATE = 'MM/DD/YYYY';
const shortDate = (v: string) => showDate(v);

/** The URL state as the API's pet list request (spec 2 §3 "Pet list request"). */
export function petsUnderGroupRequest(groupId: number, p: GroupPetsSearch) {
  return {
    groupId,
    page: p.page,
    pageSize: p.pageSize,
    orderBy: p.orderBy,
    ascending: p.ascending,
    nameFilter: p.name,
    petOwnerNameFilter: p.owner,
    sampleNumberFilter: p.samplenumber,
    dateCreatedFilter: p.created,
    statusLastUpdatedFilter: p.statusupdated,
    customerFacingStatusFilter: p.samplestatus,
    isServiceAnimalFilter: p.petstatus,
  } as Parameters<typeof fetchPetsUnderGroup>[0];
}

function GroupPets({ groupId }: { groupId: number }) {
  const [params, setParams] = useUrlState(groupPetsSearch);
  const text = (key: 'name' | 'owner' | 'samplenumber', label: string) => (
    <Form.Item label={label} htmlFor={`group-pets-${key}`}>
      <UpdateOnEnterInput
        id={`group-pets-${key}`}
        allowClear
        value={params[key] ?? ''}
        onCommit={(v) => setParams({ [key]: v } as Partial<GroupPetsSearch>, { resetPage: true })}
        style={{ width: 150 }}
      />
    </Form.Item>
  );
  const date = (key: 'created' | 'statusupdated', label: string) => (
    <Form.Item label={label} htmlFor={`group-pets-${key}`}>
      <DatePicker
        id={`group-pets-${key}`}
        format="M/D/YYYY"
        value={params[key] ? dayjs(params[key], URL_DATE) : null}
        onChange={(d) =>
          setParams({ [key]: d ? d.format(URL_DATE) : undefined } as Partial<GroupPetsSearch>, { resetPage: true })
        }
      />
    </Form.Item>
  );
  return (
    <Card>
      <FilterBar style={{ marginBottom: 16, rowGap: 8 }}>
        {text('name', 'Name')}
        {text('owner', 'Pet owner')}
        {text('samplenumber', 'Sample number')}
        <Form.Item label="Sample status" htmlFor="group-pets-status">
          <Select
            id="group-pets-status"
            allowClear
            style={{ width: 200 }}
            value={params.samplestatus}
            options={STATUS_OPTIONS}
            onChange={(v?: number) => setParams({ samplestatus: v }, { resetPage: true })}
          />
        </Form.Item>
        <Form.Item label="Pet type" htmlFor="group-pets-type">
          <Select
            id="group-pets-type"
            allowClear
            style={{ width: 150 }}
            value={params.petstatus}
            options={[
              { value: 'true', label: 'ESA' },
              { value: 'false', label: 'Household' },
            ]}
            onChange={(v?: 'true' | 'false') => setParams({ petstatus: v }, { resetPage: true })}
          />
        </Form.Item>
        {date('created', 'Date created')}
        {date('statusupdated', 'Status updated')}
      </FilterBar>
      <UrlTable<PetListRow, typeof groupPetsSearch>
        rowKey="id"
        searchSchema={groupPetsSearch}
        queryKey={(p) => petKeys.underGroup(petsUnderGroupRequest(groupId, p))}
        queryFn={(p) => fetchPetsUnderGroup(petsUnderGroupRequest(groupId, p))}
        columns={[
          {
            title: 'Name',
            dataIndex: 'name',
            sorter: true,
            render: (name: string, pet) =>
              pet.petOwnerId ? (
                <Link
                  to="/petowner/$petOwnerId/{-$sampleNumber}"
                  params={{ petOwnerId: String(pet.petOwnerId), sampleNumber: pet.sampleNumber ?? undefined }}
                >
                  {name}
                </Link>
              ) : (
                name
              ),
          },
          { title: 'Pet owner', dataIndex: 'petOwnerName', sorter: true },
          { title: 'Sample number', dataIndex: 'sampleNumber', sorter: true },
          { title: 'Date created', dataIndex: 'dateCreated', sorter: true, render: shortDate },
          { title: 'Status updated', dataIndex: 'statusLastUpdated', sorter: true, render: shortDate },
          { title: 'Sample status', dataIndex: 'customerFacingStatus', sorter: true, render: statusLabel },
          {
            title: 'Type',
            dataIndex: 'isServiceAnimal',
            sorter: true,
            render: (v: boolean) => (v ? <Tag color="blue">ESA</Tag> : 'Household'),
          },
        ]}
      />
    </Card>
  );
}

/** Pets under a group (spec 2 §2 /group/{id}/pets): paged, filtered and ordered on the server. */
export function GroupPetsPage() {
  const { id } = useParams({ from: '/_app/group/$id/pets' });
  const groupId = Number(id);
  return (
    <GroupFrame groupId={groupId} page="pets">
      {() => <GroupPets groupId={groupId} />}
    </GroupFrame>
  );
}
