import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, Form, Modal } from 'antd';
import { groupTypeLabel, petOwnerGroupsQuery } from '@registry/contracts';
import { fetchPetOwnerGroups, groupKeys, type PetOwnerGroupRow } from '../groups.api';
import { ErrorPresenter } from '../../../components/ErrorPresenter';
import { SelectOneTable } from '../../../components/SelectOneTable';
import { UpdateOnEnterInput } from '../../../components/UpdateOnEnterInput';

const PET_OWNER_GROUP_PAGE_SIZE = 10;

export interface PetOwnerGroupSearchModalProps {
  open: boolean;
  title?: string;
  okText?: string;
  onSelect: (group: PetOwnerGroupRow) => void;
  onCancel: () => void;
}

/** The pet-owner group search (spec 2 §2 Modals): the current admin's pet-owner groups; name filter (Enter reloads), paged, select one. */
export function PetOwnerGroupSearchModal({
  open,
  title = 'Select a group',
  okText = 'Select',
  onSelect,
  onCancel,
}: PetOwnerGroupSearchModalProps) {
  const { message } = App.useApp();
  const [name, setName] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<PetOwnerGroupRow | null>(null);
  const params = { name, page, pageSize: PET_OWNER_GROUP_PAGE_SIZE };
  const query = useQuery({
    queryKey: groupKeys.petOwnerGroups(params),
    queryFn: () => fetchPetOwnerGroups(params),
    enabled: open,
    placeholderData: keepPreviousData,
  });
  return (
    <Modal
      open={open}
      title={title}
      width={720}
      okText={okText}
      onOk={() => (selected ? onSelect(selected) : void message.warning('Select a group.'))}
      onCancel={onCancel}
      afterClose={() => {
        setSelected(null);
        setPage(1);
        setName('');
      }}
      destroyOnHidden
    >
      <Form layout="inline" style={{ marginBottom: 16 }}>
        <Form.Item label="Group name" htmlFor="pet-owner-group-name">
          <UpdateOnEnterInput
            id="pet-owner-group-name"
            allowClear
            schema={petOwnerGroupsQuery}
            field="name"
            value={name}
            onCommit={(v) => {
              if (v === name && page === 1) void query.refetch();
              setName(v);
              setPage(1);
            }}
          />
        </Form.Item>
      </Form>
      <ErrorPresenter error={query.error} />
      <SelectOneTable<PetOwnerGroupRow>
        rows={query.data?.data ?? []}
        totalRecords={query.data?.totalRecords ?? 0}
        page={page}
        pageSize={PET_OWNER_GROUP_PAGE_SIZE}
        onPageChange={setPage}
        loading={query.isFetching}
        selected={selected}
        onSelect={setSelected}
        rowLabel={(row) => row.name}
        columns={[
          { title: 'Name', dataIndex: 'name' },
          { title: 'Type', key: 'type', render: (_, r) => groupTypeLabel(r.groupType) },
          { title: 'Parent', dataIndex: 'parentName' },
          { title: 'Pre-registration code', dataIndex: 'propertyPreRegisterCode' },
        ]}
      />
    </Modal>
  );
}
