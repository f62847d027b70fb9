// The lab's waste result lists: /dna/wasteresults (page size 100, sample number ascending, not approved by default) and
// /dna/nomatchreruns (results a rerun changed, with the earlier result and the date), approve selected, rerun all.
import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { App, Button, Card, Form, Select, Space, Tag } from 'antd';
import { ErrorPresenter } from '../../components/ErrorPresenter';
import { PageTitle } from '../../components/PageTitle';
import { UpdateOnEnterInput } from '../../components/UpdateOnEnterInput';
import { UrlTable, useUrlState } from '../../components/UrlTable';
import { RerunAllPanel } from './RerunAllPanel';
import { resultSetsQuery, useApproveSelected, wasteResultKeys, type ResultSetRow } from './wasteresults.api';
import { WASTE_RESULTS_PAGE_SIZES, wasteResultsSearch } from './wasteresults.search';
import { showReportDate } from '../../components/labTime';
import { FilterBar } from '../../components/FilterBar';

const STATUSES = ['Match', 'NoMatch', 'NonCanine', 'Processing', 'Fail', 'MultipleMatch'] as const;
const statusColor = (s: string | null) =>
  s === 'Match'
    ? 'green'
    : s === 'NoMatch'
      ? 'default'
      : s === 'Inconclusive' || s === 'MultipleMatch'
        ? 'gold'
        : 'red';
const date = (d: string | null) => (d ? showReportDate(d) : '');

function ResultsList({ kind }: { kind: 'all' | 'reruns' }) {
  const { message } = App.useApp();
  const [params, setParams] = useUrlState(wasteResultsSearch);
  const [selected, setSelected] = useState<number[]>([]);
  const approve = useApproveSelected();
  const title = kind === 'all' ? 'Waste results' : 'No-match reruns';
  return (
    <>
      <PageTitle>{title}</PageTitle>
      <Card>
        {kind === 'all' && <RerunAllPanel />}
        <FilterBar style={{ marginBottom: 16, rowGap: 8 }}>
          <Form.Item label="Sample number" htmlFor="waste-results-sample">
            <UpdateOnEnterInput
              id="waste-results-sample"
              allowClear
              value={params.sampleNumber ?? ''}
              onCommit={(v) => setParams({ sampleNumber: v }, { resetPage: true })}
            />
          </Form.Item>
          <Form.Item label="Property" htmlFor="waste-results-property">
            <UpdateOnEnterInput
              id="waste-results-property"
              allowClear
              value={params.propertyName ?? ''}
              onCommit={(v) => setParams({ propertyName: v }, { resetPage: true })}
            />
          </Form.Item>
          <Form.Item label="Status" htmlFor="waste-results-status">
            <Select
              id="waste-results-status"
              allowClear
              style={{ width: 160 }}
              value={params.status}
              onChange={(v) => setParams({ status: v }, { resetPage: true })}
              options={STATUSES.map((s) => ({ value: s, label: s }))}
            />
          </Form.Item>
          {kind === 'all' && (
            <Form.Item label="Approved" htmlFor="waste-results-approved">
              <Select
                id="waste-results-approved"
                style={{ width: 140 }}
                value={params.approved}
                onChange={(v) => setParams({ approved: v }, { resetPage: true })}
                options={[
                  { value: 'false', label: 'Not approved' },
                  { value: 'true', label: 'Approved' },
                  { value: 'all', label: 'All' },
                ]}
              />
            </Form.Item>
          )}
        </FilterBar>
        <ErrorPresenter error={approve.error} />
        <Space style={{ marginBottom: 8 }}>
          <Button
            disabled={selected.length === 0}
            loading={approve.isPending}
            onClick={() =>
              approve.mutate(selected, {
                onSuccess: (r) => {
                  setSelected([]);
                  void message.success(r.message);
                },
              })
            }
          >
            Approve selected
          </Button>
        </Space>
        <UrlTable<ResultSetRow, typeof wasteResultsSearch>
          rowKey="matchResultSetId"
          searchSchema={wasteResultsSearch}
          queryKey={(p) => wasteResultKeys.list(kind, p)}
          queryFn={(p) => resultSetsQuery(kind, p)}
          pageSizeOptions={WASTE_RESULTS_PAGE_SIZES}
          rowSelection={{
            selectedRowKeys: selected,
            onChange: (keys) => setSelected(keys.map(Number)),
            getCheckboxProps: (r) => ({ disabled: !r.canApprove, 'aria-label': `Select ${r.sampleNumber}` }),
          }}
          columns={[
            {
              title: 'Sample number',
              dataIndex: 'sampleNumber',
              key: 'samplenumber',
              sorter: true,
              render: (n: string, r) => (
                <Link to="/wasteresultset/{-$id}" params={{ id: String(r.matchResultSetId) }}>
                  {n}
                </Link>
              ),
            },
            { title: 'Property', dataIndex: 'propertyName', key: 'propertyname', sorter: true },
            {
              title: 'Result',
              dataIndex: 'latestMatchStatus',
              render: (s: string | null) => (s ? <Tag color={statusColor(s)}>{s}</Tag> : null),
            },
            ...(kind === 'reruns'
              ? [
                  { title: 'Earlier result', dataIndex: 'previousStatus' },
                  { title: 'Changed', dataIndex: 'dateStatusChanged', render: date },
                ]
              : []),
            { title: 'Matched dog', dataIndex: 'matchedSampleNumber' },
            { title: 'Registry hits', dataIndex: 'globalResultsCount' },
            { title: 'Approved', dataIndex: 'isApproved', render: (a: boolean) => (a ? 'Yes' : 'No') },
            { title: 'Attempted', dataIndex: 'dateAttempted', key: 'attempted', sorter: true, render: date },
          ]}
        />
      </Card>
    </>
  );
}

export function WasteResultsPage() {
  return <ResultsList kind="all" />;
}

export function NoMatchRerunsPage() {
  return <ResultsList kind="reruns" />;
}
