import { useState } from 'react';
import { App, Card, Tag } from 'antd';
import { orphansQuery, type PetOwnerSearchRow } from '@registry/contracts';
import { ActionsDropdown } from '../../components/ActionsDropdown';
import { useErrorDialog } from '../../components/ErrorPresenter';
import { PageTitle } from '../../components/PageTitle';
import { PetOwnerSearchModal } from '../petowners/components/PetOwnerSearchModal';
import { listFilterFields } from '../../components/urlFilters';
import { UrlTable, useUrlState } from '../../components/UrlTable';
import { STATUS_OPTIONS, statusLabel } from './petLabels';
import { fetchOrphans, petKeys, useAttachOrphan, type PetListRow } from './pets.api';
import { orphansSearch, type OrphansSearch } from './pets.search';
import { showDate } from '../../components/labTime';
import { FilterBar } from '../../components/FilterBar';

const ACTIVITY_OPTIONS = [
  { value: 'true', label: 'Active' },
  { value: 'false', label: 'Inactive' },
];
const shortDate = (v: string) => showDate(v);

export function orphansRequest(p: OrphansSearch) {
  return {
    page: p.page,
    pageSize: p.pageSize,
    orderBy: p.orderBy,
    ascending: p.ascending,
    name: p.name,
    sampleNumber: p.samplenumber,
    dateCreated: p.created,
    dateUpdated: p.updated,
    customerFacingStatus: p.samplestatus,
    isActive: p.active,
  } as Parameters<typeof fetchOrphans>[0];
}

/** Orphaned pets (/tools/orphans): pets without an owner, and attaching one to an owner after confirmation. */
export function OrphansPage() {
  const [params, setParams] = useUrlState(orphansSearch);
  const [orphan, setOrphan] = useState<PetListRow | null>(null);
  const attach = useAttachOrphan();
  const { modal, message } = App.useApp();
  const showError = useErrorDialog();

  const onSelect = (owner: PetOwnerSearchRow) => {
    if (!orphan) return;
    modal.confirm({
      title: 'Attach orphan',
      content: `Attach ${orphan.sampleNumber ?? orphan.name} to ${owner.fullName}?`,
      okText: 'Attach',
      onOk: () =>
        attach.mutateAsync({ petId: orphan.id, newPetOwnerId: owner.id }).then(
          (r) => {
            void message.success(r.message);
            setOrphan(null);
          },
          (e: unknown) => showError(e),
        ),
    });
  };
  const filter = listFilterFields('orphans', params, setParams, orphansQuery);

  return (
    <>
      <PageTitle>Orphaned pets</PageTitle>
      <Card>
        <FilterBar style={{ marginBottom: 16, rowGap: 8 }}>
          {filter.text('name', 'Name', 'name')}
          {filter.text('samplenumber', 'Sample number', 'sampleNumber')}
          {filter.day('created', 'Date created')}
          {filter.day('updated', 'Date updated')}
          {filter.choice('samplestatus', 'Sample status', {
            id: 'orphans-status',
            width: 200,
            options: STATUS_OPTIONS,
          })}
          {filter.choice('active', 'Activity', { id: 'orphans-active', width: 130, options: ACTIVITY_OPTIONS })}
        </FilterBar>
        <UrlTable<PetListRow, typeof orphansSearch>
          empty={{ text: 'No dogs without a pet owner match. Clear the filters to see them all.' }}
          rowKey="id"
          searchSchema={orphansSearch}
          queryKey={(p) => petKeys.orphans(orphansRequest(p))}
          queryFn={(p) => fetchOrphans(orphansRequest(p))}
          columns={[
            { title: 'Name', dataIndex: 'name', sorter: true },
            { title: 'Sample number', dataIndex: 'sampleNumber', sorter: true },
            { title: 'Date created', dataIndex: 'dateCreated', sorter: true, render: shortDate },
            { title: 'Date updated', dataIndex: 'dateUpdated', sorter: true, render: shortDate },
            { title: 'Sample status', dataIndex: 'customerFacingStatus', sorter: true, render: statusLabel },
            {
              title: 'Activity',
              dataIndex: 'isActive',
              key: 'activityStatus',
              sorter: true,
              render: (v: boolean) => (v ? <Tag color="green">Active</Tag> : <Tag>Inactive</Tag>),
            },
            {
              title: 'Actions',
              key: 'actions',
              render: (_, row) => (
                <ActionsDropdown
                  size="small"
                  moreLabel={`More actions for ${row.name}`}
                  actions={[{ key: 'attach', label: 'Attach to owner', onClick: () => setOrphan(row) }]}
                />
              ),
            },
          ]}
        />
      </Card>
      <PetOwnerSearchModal
        open={orphan !== null}
        title={`Attach ${orphan?.sampleNumber ?? orphan?.name ?? ''} to`}
        okText="Select"
        onSelect={onSelect}
        onCancel={() => setOrphan(null)}
      />
    </>
  );
}
