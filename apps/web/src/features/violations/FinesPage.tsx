// /group/{id}/fines (issue 41): the group's fine schedule, the ledger of its notices with their states (filter by
// state, CSV export as resident charges), and totals per property, per owner and repeat dogs.
import { Link, useParams } from '@tanstack/react-router';
import { Card, Form, Select } from 'antd';
import { VIOLATION_STATES, can, violationEndpoints } from '@registry/contracts';
import { useCurrentUser } from '../../lib/auth';
import { ExportButton } from '../../components/ExportButton';
import { FilterBar } from '../../components/FilterBar';
import { GroupFrame } from '../../components/GroupFrame';
import { UrlTable, useUrlState } from '../../components/UrlTable';
import { showDate } from '../../components/labTime';
import { LedgerTotals } from './components/LedgerTotals';
import { ScheduleCard } from './components/ScheduleCard';
import { ledgerQuery, money, violationKeys, type NoticeRow } from './violations.api';
import { ledgerSearch } from './violations.search';
import { StateTag } from './components/StateTag';

function Ledger({ groupId }: { groupId: number }) {
  const [params, setParams] = useUrlState(ledgerSearch);
  return (
    <Card
      title="Violation notices"
      // Apart from the totals below, as the schedule above is from it.
      style={{ marginBottom: 16 }}
      extra={
        <ExportButton
          endpoint={violationEndpoints.ledgerExport}
          input={{ params: { groupId }, query: { state: params.state } }}
          fallbackName="resident-charges"
          label="Export charges"
          formats={['csv', 'xlsx']}
        />
      }
    >
      <FilterBar activeCount={params.state ? 1 : 0}>
        <Form.Item label="State" htmlFor="ledger-state">
          <Select
            id="ledger-state"
            allowClear
            style={{ width: 160 }}
            value={params.state}
            onChange={(state) => setParams({ state }, { resetPage: true })}
            options={VIOLATION_STATES.map((s) => ({ value: s, label: s }))}
          />
        </Form.Item>
      </FilterBar>
      <UrlTable<NoticeRow, typeof ledgerSearch>
        rowKey="id"
        searchSchema={ledgerSearch}
        queryKey={(p) => violationKeys.ledger(groupId, p)}
        queryFn={(p) => ledgerQuery(groupId, p)}
        scroll={{ x: true }}
        locale={{
          emptyText: 'No violation notices. Issue one from an approved match on the Results tab.',
        }}
        columns={[
          {
            title: 'Notice',
            dataIndex: 'reference',
            render: (ref: string, r) => (
              <Link to="/violations/$id" params={{ id: String(r.id) }}>
                {ref}
              </Link>
            ),
          },
          { title: 'Issued', dataIndex: 'dateIssued', key: 'dateissued', sorter: true, render: showDate },
          { title: 'Property', dataIndex: 'propertyName', key: 'propertyname', sorter: true },
          { title: 'Unit', dataIndex: 'unitNumber' },
          { title: 'Resident', dataIndex: 'ownerName', key: 'ownername', sorter: true },
          { title: 'Dog', dataIndex: 'petName' },
          { title: 'Amount', dataIndex: 'amountDue', key: 'amountdue', sorter: true, render: money },
          { title: 'State', dataIndex: 'state', render: (s: NoticeRow['state']) => <StateTag state={s} /> },
        ]}
      />
    </Card>
  );
}

export function FinesPage() {
  const { id } = useParams({ strict: false }) as { id: string };
  const groupId = Number(id);
  const me = useCurrentUser();
  const mayEdit = me !== undefined && can(me.roleId, 'violation.schedule');
  return (
    <GroupFrame groupId={groupId} page="fines">
      {() => (
        <>
          <ScheduleCard groupId={groupId} mayEdit={mayEdit} />
          <Ledger groupId={groupId} />
          <LedgerTotals groupId={groupId} />
        </>
      )}
    </GroupFrame>
  );
}
