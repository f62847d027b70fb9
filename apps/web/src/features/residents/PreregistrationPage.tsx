import { useParams } from '@tanstack/react-router';
import { Card, Form, Select } from 'antd';
import { PetSpecies, residentListQuery } from '@registry/contracts';
import { UpdateOnEnterInput } from '../../components/UpdateOnEnterInput';
import { useUrlState } from '../../components/UrlTable';
import { GroupFrame } from '../../components/GroupFrame';
import { ResidentTable } from './components/ResidentTable';
import { fetchPreRegistrations, residentKeys } from './residents.api';
import { preregistrationSearch } from './residents.search';
import { FilterBar } from '../../components/FilterBar';

function Preregistrations({ groupId }: { groupId: number }) {
  const [params, setParams] = useUrlState(preregistrationSearch);
  return (
    <Card>
      <FilterBar style={{ marginBottom: 16, rowGap: 8 }}>
        <Form.Item label="Name" htmlFor="prereg-name">
          <UpdateOnEnterInput
            id="prereg-name"
            allowClear
            schema={residentListQuery}
            field="name"
            value={params.name ?? ''}
            onCommit={(v) => setParams({ name: v }, { resetPage: true })}
            style={{ width: 180 }}
          />
        </Form.Item>
        <Form.Item label="Species" htmlFor="prereg-species">
          <Select
            id="prereg-species"
            allowClear
            style={{ width: 160 }}
            value={params.petSpecies}
            onChange={(v) => setParams({ petSpecies: v }, { resetPage: true })}
            options={[
              { value: PetSpecies.Dog, label: 'Dog' },
              {
                value: PetSpecies.Cat | PetSpecies.Bird | PetSpecies.Rodent | PetSpecies.Reptile | PetSpecies.Other,
                label: 'Other species',
              },
              { value: PetSpecies.None, label: 'None' },
            ]}
          />
        </Form.Item>
      </FilterBar>
      <ResidentTable
        groupId={groupId}
        kind="prereg"
        searchSchema={preregistrationSearch}
        queryKey={(p) => residentKeys.list(groupId, 'prereg', p)}
        queryFn={(p) => fetchPreRegistrations(groupId, p)}
      />
    </Card>
  );
}

/** Pre-registered residents awaiting approval (spec 2 §2), newest first; only a property has this page. */
export function PreregistrationPage() {
  const { id } = useParams({ strict: false }) as { id: string };
  const groupId = Number(id);
  return (
    <GroupFrame groupId={groupId} page="preregistration">
      {() => <Preregistrations groupId={groupId} />}
    </GroupFrame>
  );
}
