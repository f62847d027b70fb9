// Parentage results (/parentage for staff and parentage managers, /group/{id}/parentage under a group): sample number,
// name, sample status, match status, last attempted and status last updated; row expansion with the best result's
// marker table; the execute-test and history modals, the certificate in a new window and navigation to the pet.
import { useState } from 'react';
import { Link, useParams } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Select, Space, Tag } from 'antd';
import { ParentageMatchStatus, can, parentageMatchStatusName, parentagePetsQuery } from '@registry/contracts';
import { useCurrentUser } from '../../lib/auth';
import { ErrorPresenter } from '../../components/ErrorPresenter';
import { PageTitle } from '../../components/PageTitle';
import { UpdateOnEnterInput } from '../../components/UpdateOnEnterInput';
import { UrlTable, useUrlState } from '../../components/UrlTable';
import { GroupFrame } from '../../components/GroupFrame';
import { statusLabel } from '../pets/petLabels';
import { ExecuteTestModal } from './ExecuteTestModal';
import { MarkerTable, RESULT_COLOR, ResultSummary } from './MarkerTable';
import { ResultHistoryModal } from './ResultHistoryModal';
import { CertificateButton } from './CertificateButton';
import {
  fetchParentagePets,
  parentageKeys,
  resultSetQuery,
  type ParentagePetsParams,
  type ParentageRow,
} from './parentage.api';
import { parentageSearch, type ParentageSearch } from './parentage.search';
import { showDateTime } from '../../components/labTime';
import { FilterBar } from '../../components/FilterBar';

const ORDER: Record<string, string> = {
  puppySampleNumber: 'SampleNumber',
  puppyName: 'Name',
  sampleStatus: 'SampleStatus',
  matchStatus: 'MatchStatus',
  lastAttempted: 'LastAttempted',
  statusLastUpdated: 'StatusLastUpdated',
};
const MATCH_OPTIONS = Object.entries(ParentageMatchStatus).map(([label, value]) => ({ value, label }));
const shortDate = (v: string | null) => (v ? showDateTime(v) : '');

export function parentageRequest(p: ParentageSearch, groupId?: number): ParentagePetsParams {
  return {
    page: p.page,
    pageSize: p.pageSize,
    orderBy: p.orderBy ? (ORDER[p.orderBy] as ParentagePetsParams['orderBy']) : undefined,
    ascending: p.ascending,
    nameFilter: p.name,
    sampleNumberFilter: p.samplenumber,
    sampleStatusFilter: p.samplestatus,
    matchStatusFilter: p.matchstatus,
    statusLastUpdatedFilter: p.statusupdated,
    lastAttemptedFilter: p.lastattempted,
    selectedGroupId: groupId,
  };
}

function BestResult({ row }: { row: ParentageRow }) {
  const set = useQuery({ ...resultSetQuery(row.puppySampleNumber), enabled: row.matchResultSetId !== null });
  if (row.matchResultSetId === null) return <span>No parentage test has been run.</span>;
  const best = set.data?.results.find((r) => r.parentageMatchResultId === set.data?.bestMatchResultId);
  return (
    <>
      <ErrorPresenter error={set.error} />
      {best && (
        <>
          <p>
            Dam {best.damSampleNumber}, sire {best.sireSampleNumber}: <ResultSummary result={best} />
          </p>
          <MarkerTable result={best} />
        </>
      )}
    </>
  );
}

const expandedRowRender = (row: ParentageRow) => <BestResult row={row} />;

export function ParentageList({ groupId }: { groupId?: number }) {
  const [params, setParams] = useUrlState(parentageSearch);
  const me = useCurrentUser();
  const mayRun = Boolean(me && can(me.roleId, 'parentage.run'));
  const [executing, setExecuting] = useState<string | null>(null);
  const [history, setHistory] = useState<string | null>(null);
  const text = (key: 'name' | 'samplenumber', label: string, field: 'nameFilter' | 'sampleNumberFilter') => (
    <Form.Item label={label} htmlFor={`parentage-${key}`}>
      <UpdateOnEnterInput
        id={`parentage-${key}`}
        allowClear
        schema={parentagePetsQuery}
        field={field}
        value={params[key] ?? ''}
        onCommit={(v) => setParams({ [key]: v } as Partial<ParentageSearch>, { resetPage: true })}
        style={{ width: 150 }}
      />
    </Form.Item>
  );
  return (
    <Card>
      <FilterBar style={{ marginBottom: 16, rowGap: 8 }}>
        {text('samplenumber', 'Sample number', 'sampleNumberFilter')}
        {text('name', 'Name', 'nameFilter')}
        <Form.Item label="Match status" htmlFor="parentage-matchstatus">
          <Select
            id="parentage-matchstatus"
            allowClear
            style={{ width: 160 }}
            value={params.matchstatus}
            options={MATCH_OPTIONS}
            onChange={(v?: ParentageSearch['matchstatus']) => setParams({ matchstatus: v }, { resetPage: true })}
          />
        </Form.Item>
      </FilterBar>
      <UrlTable<ParentageRow, typeof parentageSearch>
        empty={{ text: 'No parentage cases match. Clear the filters to see them all.' }}
        rowKey="puppyId"
        searchSchema={parentageSearch}
        queryKey={(p) => parentageKeys.list(parentageRequest(p, groupId))}
        queryFn={(p) => fetchParentagePets(parentageRequest(p, groupId))}
        scroll={{ x: true }}
        expandable={{ expandedRowRender }}
        columns={[
          { title: 'Sample number', dataIndex: 'puppySampleNumber', sorter: true },
          {
            title: 'Name',
            dataIndex: 'puppyName',
            sorter: true,
            render: (name: string, row) =>
              row.petOwnerId ? (
                <Link
                  to="/petowner/$petOwnerId/{-$sampleNumber}"
                  params={{ petOwnerId: String(row.petOwnerId), sampleNumber: row.puppySampleNumber }}
                >
                  {name}
                </Link>
              ) : (
                name
              ),
          },
          { title: 'Sample status', dataIndex: 'sampleStatus', sorter: true, render: statusLabel },
          {
            title: 'Match status',
            dataIndex: 'matchStatus',
            sorter: true,
            render: (s: number) => {
              const name = parentageMatchStatusName(s);
              return <Tag color={RESULT_COLOR[name]}>{name}</Tag>;
            },
          },
          { title: 'Last attempted', dataIndex: 'lastAttempted', sorter: true, render: shortDate },
          { title: 'Status last updated', dataIndex: 'statusLastUpdated', sorter: true, render: shortDate },
          {
            title: 'Actions',
            key: 'actions',
            render: (_: unknown, row) => (
              <Space wrap>
                {mayRun && row.isTestable && (
                  <Button size="small" onClick={() => setExecuting(row.puppySampleNumber)}>
                    Execute test
                  </Button>
                )}
                {row.matchResultSetId !== null && (
                  <Button size="small" onClick={() => setHistory(row.puppySampleNumber)}>
                    History
                  </Button>
                )}
                {row.certificateResultId !== null && <CertificateButton size="small" query={{ petId: row.puppyId }} />}
              </Space>
            ),
          },
        ]}
      />
      {executing && <ExecuteTestModal puppy={executing} onClose={() => setExecuting(null)} />}
      {history && <ResultHistoryModal puppy={history} onClose={() => setHistory(null)} />}
    </Card>
  );
}

/** /parentage: every parentage dog the caller may see. */
export function ParentagePage() {
  return (
    <>
      <PageTitle>Parentage</PageTitle>
      <ParentageList />
    </>
  );
}

/** /group/{id}/parentage: the group's parentage dogs. */
export function GroupParentagePage() {
  const { id } = useParams({ from: '/_app/group/$id/parentage' });
  const groupId = Number(id);
  return (
    <GroupFrame groupId={groupId} page="parentage">
      {() => <ParentageList groupId={groupId} />}
    </GroupFrame>
  );
}
