// The lab's waste result lists: /dna/wasteresults (page size 100, sample number ascending, not approved by default) and
// /dna/nomatchreruns (results a rerun changed, with the earlier result and the date), approve selected, approve all of one result type, rerun all;
// on the reruns list, approve all matching reruns and delete all inconclusive rerun results.
import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { App, Button, Card, Form, Select, Space, Tag } from 'antd';
import { matchResultWords, resultSetsQuery as resultSetsFilters } from '@registry/contracts';
import { ErrorPresenter, useErrorDialog } from '../../components/ErrorPresenter';
import { PageTitle } from '../../components/PageTitle';
import { UpdateOnEnterInput } from '../../components/UpdateOnEnterInput';
import { UrlTable, useUrlState } from '../../components/UrlTable';
import { RerunAllPanel } from './RerunAllPanel';
import {
  resultSetsQuery,
  useApproveByResult,
  useApproveMatchingReruns,
  useApproveSelected,
  useDeleteRerunInconclusive,
  wasteResultKeys,
  type ResultSetRow,
} from './wasteresults.api';

const APPROVABLE_RESULTS = ['Match', 'NoMatch', 'NonCanine', 'Fail'] as const;
type ApprovableResult = (typeof APPROVABLE_RESULTS)[number];
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
  const approveByResult = useApproveByResult();
  const approveMatching = useApproveMatchingReruns();
  const deleteInconclusive = useDeleteRerunInconclusive();
  const { modal } = App.useApp();
  const showError = useErrorDialog();
  const [byResult, setByResult] = useState<ApprovableResult>('Match');
  const bulk = (title: string, content: string, run: () => Promise<{ message: string }>, danger = false) =>
    modal.confirm({
      title,
      content,
      okText: danger ? 'Delete' : 'Approve',
      okButtonProps: danger ? { danger: true } : undefined,
      onOk: () => run().then((r) => void message.success(r.message), showError),
    });
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
              schema={resultSetsFilters}
              field="sampleNumberFilter"
              value={params.sampleNumber ?? ''}
              onCommit={(v) => setParams({ sampleNumber: v }, { resetPage: true })}
            />
          </Form.Item>
          <Form.Item label="Property" htmlFor="waste-results-property">
            <UpdateOnEnterInput
              id="waste-results-property"
              allowClear
              schema={resultSetsFilters}
              field="propertyNameFilter"
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
              options={STATUSES.map((s) => ({ value: s, label: matchResultWords(s) }))}
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
        <Space wrap style={{ marginBottom: 8 }}>
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
          {kind === 'all' && (
            <Space.Compact>
              <Select
                aria-label="Result type to approve"
                style={{ width: 130 }}
                value={byResult}
                onChange={setByResult}
                options={APPROVABLE_RESULTS.map((r) => ({ value: r, label: matchResultWords(r) }))}
              />
              <Button
                loading={approveByResult.isPending}
                onClick={() =>
                  bulk(
                    `Approve all ${matchResultWords(byResult)} results`,
                    `Every unapproved result set whose latest result is ${matchResultWords(byResult)} will be approved. Continue?`,
                    () => approveByResult.mutateAsync(byResult),
                  )
                }
              >
                Approve all of type
              </Button>
            </Space.Compact>
          )}
          {kind === 'reruns' && (
            <>
              <Button
                loading={approveMatching.isPending}
                onClick={() =>
                  bulk(
                    'Approve all matching reruns',
                    'Every no-match rerun that now matches a dog will be approved. Continue?',
                    () => approveMatching.mutateAsync(),
                  )
                }
              >
                Approve all matching reruns
              </Button>
              <Button
                danger
                loading={deleteInconclusive.isPending}
                onClick={() =>
                  bulk(
                    'Delete all inconclusive rerun results',
                    'Every rerun result that came out Inconclusive will be deleted; the earlier results stay. Continue?',
                    () => deleteInconclusive.mutateAsync(),
                    true,
                  )
                }
              >
                Delete all inconclusive rerun results
              </Button>
            </>
          )}
        </Space>
        <UrlTable<ResultSetRow, typeof wasteResultsSearch>
          empty={{
            text:
              kind === 'all'
                ? 'No result sets match. Clear the filters or choose Approved: All; waste samples get a result set once their plate is processed.'
                : 'No no-match reruns match. Clear the filters; reruns appear after new dogs are approved.',
          }}
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
              render: (s: string | null) => (s ? <Tag color={statusColor(s)}>{matchResultWords(s)}</Tag> : null),
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
