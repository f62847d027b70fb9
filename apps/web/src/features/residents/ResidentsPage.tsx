import { useState } from 'react';
import { useParams } from '@tanstack/react-router';
import { App, Button, Card, DatePicker, Form, Select, Space } from 'antd';
import {
  GroupTypes,
  PetSpecies,
  PetType,
  RegistrationStatus,
  maxLengthAt,
  residentListQuery,
} from '@registry/contracts';
import { dayjs } from '../../lib/dayjs';
import { useErrorDialog } from '../../components/ErrorPresenter';
import { GroupHierarchyPicker } from '../groups/components/GroupHierarchyPicker';
import { UrlSearchFilter } from '../../components/urlFilters';
import { useUrlState } from '../../components/UrlTable';
import { GroupFrame } from '../../components/GroupFrame';
import { ResidentTable } from './components/ResidentTable';
import { fetchResidents, residentKeys, useBulkMoveOut, useBulkTransferResidents } from './residents.api';
import { residentsSearch } from './residents.search';
import { FilterBar } from '../../components/FilterBar';

const URL_DATE = 'MM/DD/YYYY';
type TextFilter = 'name' | 'residentNumber' | 'unitNumber' | 'phone' | 'email' | 'preRegisteredDogName';
const SPECIES_OPTIONS = [
  { value: PetSpecies.None, label: 'None' },
  { value: PetSpecies.Dog, label: 'Dog' },
  { value: PetSpecies.Cat, label: 'Cat' },
  { value: PetSpecies.Bird, label: 'Bird' },
  { value: PetSpecies.Rodent, label: 'Rodent' },
  { value: PetSpecies.Reptile, label: 'Reptile' },
  { value: PetSpecies.Other, label: 'Other' },
];

function Residents({ groupId }: { groupId: number }) {
  const [params, setParams] = useUrlState(residentsSearch);
  const [selected, setSelected] = useState<number[]>([]);
  const [transferring, setTransferring] = useState(false);
  const moveOut = useBulkMoveOut();
  const transfer = useBulkTransferResidents();
  const showError = useErrorDialog();
  const { modal, message } = App.useApp();

  const textFilter = (key: TextFilter, label: string) => (
    <UrlSearchFilter label={label} id={`residents-${key}`} name={key} maxLength={maxLengthAt(residentListQuery, key)} />
  );
  const bulkMoveOut = () =>
    modal.confirm({
      title: 'Bulk move out',
      content: `You are about to move out ${selected.length} resident(s). Continue?`,
      okText: 'Move out',
      okButtonProps: { danger: true },
      onOk: () =>
        moveOut.mutateAsync({ groupId, residentIds: selected }).then(
          (answer) => {
            void message.success(answer.message);
            setSelected([]);
          },
          (error: unknown) => showError(error),
        ),
    });

  return (
    <Card>
      <FilterBar style={{ marginBottom: 16, rowGap: 8 }}>
        {textFilter('name', 'Name')}
        {textFilter('residentNumber', 'Resident number')}
        {textFilter('unitNumber', 'Unit')}
        {textFilter('phone', 'Phone')}
        {textFilter('email', 'Email')}
        {textFilter('preRegisteredDogName', 'Dog name')}
        <Form.Item label="Species" htmlFor="residents-species">
          <Select
            id="residents-species"
            allowClear
            style={{ width: 130 }}
            value={params.petSpecies}
            onChange={(v) => setParams({ petSpecies: v }, { resetPage: true })}
            options={SPECIES_OPTIONS}
          />
        </Form.Item>
        <Form.Item label="Pet type" htmlFor="residents-pettype">
          <Select
            id="residents-pettype"
            allowClear
            style={{ width: 160 }}
            value={params.petType}
            onChange={(v) => setParams({ petType: v }, { resetPage: true })}
            options={[
              { value: PetType.HouseholdPet, label: 'Household pet' },
              { value: PetType.ServiceAnimal, label: 'Service animal' },
            ]}
          />
        </Form.Item>
        <Form.Item label="Status" htmlFor="residents-status">
          <Select
            id="residents-status"
            allowClear
            style={{ width: 170 }}
            value={params.registrationStatus}
            onChange={(v) => setParams({ registrationStatus: v }, { resetPage: true })}
            options={[
              { value: RegistrationStatus.PendingApproval, label: 'Pending approval' },
              { value: RegistrationStatus.Approved, label: 'Approved' },
            ]}
          />
        </Form.Item>
        <Form.Item label="Pre-registered" htmlFor="residents-date">
          <DatePicker
            id="residents-date"
            format="M/D/YYYY"
            value={params.datePreRegistered ? dayjs(params.datePreRegistered, URL_DATE) : null}
            onChange={(d) => setParams({ datePreRegistered: d ? d.format(URL_DATE) : undefined }, { resetPage: true })}
          />
        </Form.Item>
      </FilterBar>
      <Space style={{ marginBottom: 12 }} wrap>
        <Button disabled={selected.length === 0} onClick={bulkMoveOut}>
          Bulk move out{selected.length ? ` (${selected.length})` : ''}
        </Button>
        <Button disabled={selected.length === 0} onClick={() => setTransferring(true)}>
          Bulk transfer{selected.length ? ` (${selected.length})` : ''}
        </Button>
      </Space>
      <ResidentTable
        groupId={groupId}
        kind="residents"
        searchSchema={residentsSearch}
        queryKey={(p) => residentKeys.list(groupId, 'residents', p)}
        queryFn={(p) => fetchResidents(groupId, p)}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }}
      />
      <GroupHierarchyPicker
        open={transferring}
        title={`Transfer ${selected.length} resident(s)`}
        okText="Transfer"
        allowedTypes={[GroupTypes.Property]}
        onCancel={() => setTransferring(false)}
        onPick={async (target) => {
          try {
            const answer = await transfer.mutateAsync({ groupId, destinationId: target.id, residentIds: selected });
            void message.success(answer.message);
            setSelected([]);
            setTransferring(false);
          } catch (error) {
            showError(error);
          }
        }}
      />
    </Card>
  );
}

/** Residents of a group (spec 2 §2): filters, name ascending, approve, delete, add dog, move out, bulk actions. */
export function ResidentsPage() {
  const { id } = useParams({ strict: false }) as { id: string };
  const groupId = Number(id);
  return (
    <GroupFrame groupId={groupId} page="residents">
      {() => <Residents groupId={groupId} />}
    </GroupFrame>
  );
}
