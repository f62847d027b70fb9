import { Link, useParams } from '@tanstack/react-router';
import { Card, Form } from 'antd';
import { moveOutListQuery } from '@registry/contracts';
import { UpdateOnEnterInput } from '../../components/UpdateOnEnterInput';
import { UrlTable, useUrlState } from '../../components/UrlTable';
import { GroupFrame } from '../../components/GroupFrame';
import { fetchMoveOuts, residentKeys, type MoveOutRow } from './residents.api';
import { moveOutsSearch } from './residents.search';
import { showDate } from '../../components/labTime';
import { FilterBar } from '../../components/FilterBar';

function MoveOuts({ groupId }: { groupId: number }) {
  const [params, setParams] = useUrlState(moveOutsSearch);
  return (
    <Card>
      <FilterBar style={{ marginBottom: 16 }}>
        <Form.Item label="Name" htmlFor="moveouts-name">
          <UpdateOnEnterInput
            id="moveouts-name"
            allowClear
            schema={moveOutListQuery}
            field="name"
            value={params.name ?? ''}
            onCommit={(v) => setParams({ name: v }, { resetPage: true })}
            style={{ width: 180 }}
          />
        </Form.Item>
      </FilterBar>
      <UrlTable<MoveOutRow, typeof moveOutsSearch>
        empty={{ text: 'No move-outs. Pet owners moved out of this property show here.' }}
        rowKey={(row) => `${row.petOwnerId}-${row.dateMoveOut}`}
        searchSchema={moveOutsSearch}
        queryKey={(p) => residentKeys.list(groupId, 'moveouts', p)}
        queryFn={(p) => fetchMoveOuts(groupId, p)}
        scroll={{ x: true }}
        columns={[
          {
            title: 'Name',
            dataIndex: 'fullName',
            key: 'fullname',
            sorter: true,
            render: (name: string, row) => (
              <Link to="/petowner/$petOwnerId/{-$sampleNumber}" params={{ petOwnerId: String(row.petOwnerId) }}>
                {name}
              </Link>
            ),
          },
          { title: 'User name', dataIndex: 'userName' },
          { title: 'Email', dataIndex: 'email' },
          {
            title: 'Move-out date',
            dataIndex: 'dateMoveOut',
            key: 'datemoveout',
            sorter: true,
            render: (value: string) => showDate(value),
          },
        ]}
      />
    </Card>
  );
}

/** Pet owners who moved out of the group (spec 2 §2), move-out date descending. */
export function MoveOutsPage() {
  const { id } = useParams({ strict: false }) as { id: string };
  const groupId = Number(id);
  return (
    <GroupFrame groupId={groupId} page="moveouts">
      {() => <MoveOuts groupId={groupId} />}
    </GroupFrame>
  );
}
