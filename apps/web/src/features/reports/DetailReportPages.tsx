// The poo-prints detail report: the request form (/reports/pooprintsdetail: group, Active / Inactive / both and the
// show-column flags) and its result (/reports/pooprintsdetailresult: the flagged columns, paging, sorting, export).
import { Button, Card, Checkbox, Form, Radio, Space, Typography } from 'antd';
import { Link, useNavigate } from '@tanstack/react-router';
import {
  DETAIL_REPORT_COLUMNS,
  DETAIL_REPORT_DEFAULT_COLUMNS,
  REPORT_GROUP_TYPES,
  detailShowFlag,
  type DetailReportColumn,
  type DetailReportKey,
  type DetailShowFlag,
} from '@registry/contracts';
import { reportEndpoints } from '@registry/contracts/endpoints/reports';
import { ReportPage } from '../../components/ReportPage';
import { showReportDate } from '../../components/labTime';
import { PageTitle } from '../../components/PageTitle';
import { useUrlState } from '../../components/UrlTable';
import { ReportGroupField } from './ReportGroupField';
import { detailReportSearch } from './reports.search';

type Status = 'active' | 'inactive' | 'all';
const STATUS_OPTIONS: { label: string; value: Status }[] = [
  { label: 'Active', value: 'active' },
  { label: 'Inactive', value: 'inactive' },
  { label: 'Active & Inactive', value: 'all' },
];
const isActiveOf = (status: Status | undefined) => (status === 'all' ? undefined : status !== 'inactive');
const SORTABLE = new Set<string>([
  'name',
  'id',
  'parentName',
  'managementCompany',
  'numberOfUnits',
  'isActive',
  'dateCreated',
  'dateUpdated',
]);
const KEYS = new Set<string>(DETAIL_REPORT_COLUMNS.map((c) => c.key));

/** The shown columns from the URL's comma-joined list; none (or none known) gives the defaults. */
export function columnsOf(list: string | undefined): DetailReportKey[] {
  const keys = (list ?? '').split(',').filter((k): k is DetailReportKey => KEYS.has(k));
  return keys.length > 0 ? keys : [...DETAIL_REPORT_DEFAULT_COLUMNS];
}

export function DetailReportRequestPage() {
  const [params, setParams] = useUrlState(detailReportSearch);
  const navigate = useNavigate();
  const shown = columnsOf(params.columns);
  const setShown = (keys: DetailReportKey[]) =>
    setParams({
      columns: DETAIL_REPORT_COLUMNS.filter((c) => keys.includes(c.key))
        .map((c) => c.key)
        .join(','),
    });
  return (
    <>
      <PageTitle>PooPrints detail report</PageTitle>
      <Card>
        <Space direction="vertical" style={{ width: '100%' }} size="middle">
          <ReportGroupField
            allowedTypes={REPORT_GROUP_TYPES.detailReport}
            groupName={params.groupName}
            onPick={(g) => setParams({ groupId: g.id, groupName: g.name })}
          />
          <Form layout="vertical">
            <Form.Item label="Status">
              <Radio.Group
                aria-label="Status"
                optionType="button"
                options={STATUS_OPTIONS}
                value={params.status ?? 'active'}
                onChange={(e) => setParams({ status: e.target.value as Status })}
              />
            </Form.Item>
            <Form.Item label={`Show columns (${shown.length} of ${DETAIL_REPORT_COLUMNS.length})`}>
              <Space style={{ marginBottom: 8 }} wrap>
                <Button size="small" onClick={() => setShown(DETAIL_REPORT_COLUMNS.map((c) => c.key))}>
                  Select all
                </Button>
                <Button size="small" onClick={() => setShown([...DETAIL_REPORT_DEFAULT_COLUMNS])}>
                  Defaults
                </Button>
              </Space>
              <Checkbox.Group
                aria-label="Show columns"
                style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: 4 }}
                value={shown}
                options={DETAIL_REPORT_COLUMNS.map((c) => ({ label: c.label, value: c.key }))}
                onChange={(keys) => setShown(keys as DetailReportKey[])}
              />
            </Form.Item>
          </Form>
          <Button
            type="primary"
            disabled={params.groupId === undefined}
            onClick={() =>
              void navigate({
                to: '/reports/pooprintsdetailresult',
                search: {
                  groupId: params.groupId,
                  groupName: params.groupName,
                  status: params.status ?? 'active',
                  columns: shown.join(','),
                },
              })
            }
          >
            Run report
          </Button>
        </Space>
      </Card>
    </>
  );
}

const cellOf = (column: DetailReportColumn) => (value: unknown) => {
  if (value === null || value === undefined) return '';
  if (column.kind === 'date') return showReportDate(String(value));
  if (column.kind === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
};

export function DetailReportResultPage() {
  const [params] = useUrlState(detailReportSearch);
  const keys = columnsOf(params.columns);
  const columns = DETAIL_REPORT_COLUMNS.filter((c) => keys.includes(c.key));
  const flags = Object.fromEntries(columns.map((c) => [detailShowFlag(c.key), true])) as Partial<
    Record<DetailShowFlag, boolean>
  >;
  const isActiveFilter = isActiveOf(params.status);
  const query = { groupId: params.groupId, ...(isActiveFilter === undefined ? {} : { isActiveFilter }), ...flags };
  const statusLabel = STATUS_OPTIONS.find((o) => o.value === (params.status ?? 'active'))?.label;
  const input = params.groupId === undefined ? null : { query: { ...query, groupId: params.groupId } };
  return (
    <ReportPage
      title="PooPrints detail report"
      endpoint={reportEndpoints.detailReport}
      search={detailReportSearch}
      input={input}
      group={
        <Space wrap>
          <Typography.Text strong>Group:</Typography.Text>
          <Typography.Text data-testid="report-group">{params.groupName ?? 'None selected'}</Typography.Text>
          <Typography.Text type="secondary">({statusLabel})</Typography.Text>
          <Link
            to="/reports/pooprintsdetail"
            search={{
              groupId: params.groupId,
              groupName: params.groupName,
              status: params.status,
              columns: params.columns,
            }}
          >
            Change request
          </Link>
        </Space>
      }
      exportTo={{ endpoint: reportEndpoints.detailReportExport, fallbackName: 'PooPrints_Detail_Report', input }}
      emptyText={{ idle: 'Select a group on the request form.', none: 'No properties.' }}
      rowKey="id"
      columns={columns.map((c) => ({
        title: c.label,
        dataIndex: c.key,
        sorter: SORTABLE.has(c.key),
        align: c.kind === 'integer' ? ('right' as const) : undefined,
        render: cellOf(c),
      }))}
    />
  );
}
