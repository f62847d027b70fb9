import { Link, useParams } from '@tanstack/react-router';
import { Card, Tag } from 'antd';
import { petsUnderGroupQuery } from '@registry/contracts';
import { listFilterFields } from '../../components/urlFilters';
import { UrlTable, useUrlState } from '../../components/UrlTable';
import { GroupFrame } from '../../components/GroupFrame';
import { STATUS_OPTIONS, statusLabel } from './petLabels';
import { fetchPetsUnderGroup, petKeys, type PetListRow } from './pets.api';
import { groupPetsSearch, type GroupPetsSearch } from './pets.search';
import { showDate } from '../../components/labTime';
import { FilterBar } from '../../components/FilterBar';

const PET_TYPE_OPTIONS = [
  { value: 'true', label: 'ESA' },
  { value: 'false', label: 'Household' },
];
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
  const filter = listFilterFields('group-pets', params, setParams, petsUnderGroupQuery);
  return (
    <Card>
      <FilterBar style={{ marginBottom: 16, rowGap: 8 }}>
        {filter.text('name', 'Name', 'nameFilter')}
        {filter.text('owner', 'Pet owner', 'petOwnerNameFilter')}
        {filter.text('samplenumber', 'Sample number', 'sampleNumberFilter')}
        {filter.choice('samplestatus', 'Sample status', {
          id: 'group-pets-status',
          width: 200,
          options: STATUS_OPTIONS,
        })}
        {filter.choice('petstatus', 'Pet type', { id: 'group-pets-type', width: 150, options: PET_TYPE_OPTIONS })}
        {filter.day('created', 'Date created')}
        {filter.day('statusupdated', 'Status updated')}
      </FilterBar>
      <UrlTable<PetListRow, typeof groupPetsSearch>
        empty={{ text: 'No dogs match. Clear the filters, or add dogs from a pet owner’s page.' }}
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
