// The TD report (/reports/pooprintstd, spec 3 §3): pets matched by approved waste results under the picked group (or
// one pet by sample number), with the number of matches per month charted above the table, paging, sorting and export.
import { Card, Form, Input, Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { REPORT_GROUP_TYPES } from '@registry/contracts';
import { reportEndpoints } from '@registry/contracts/endpoints/reports';
import { dayjs } from '../../lib/dayjs';
import { CountsOverTimeChart } from '../../components/CountsOverTimeChart';
import { DateRangePicker } from '../../components/DateRangePicker';
import { ErrorPresenter } from '../../components/ErrorPresenter';
import { ExportButton } from '../../components/ExportButton';
import { PageTitle } from '../../components/PageTitle';
import { UrlTable, useUrlState } from '../../components/UrlTable';
import { ReportGroupField } from './ReportGroupField';
import { fetchTdReport, reportKeys, tdReportChartQuery, type TdReportRow } from './reports.api';
import { tdReportSearch } from './reports.search';
import { reportDate } from './TdAuditReportPage';

const URL_DATE = 'MM/DD/YYYY';

export function TdReportPage() {
  const [params, setParams] = useUrlState(tdReportSearch);
  const filter = {
    ...(params.groupId !== undefined ? { groupId: params.groupId } : {}),
    ...(params.sampleNumber ? { sampleNumberFilter: params.sampleNumber } : {}),
    ...(params.startDate ? { startDate: params.startDate } : {}),
    ...(params.endDate ? { endDate: params.endDate } : {}),
  };
  const ready = params.groupId !== undefined || params.sampleNumber !== undefined;
  const chart = useQuery({ ...tdReportChartQuery(filter), enabled: ready });
  const total = useQuery({
    queryKey: reportKeys.tdReport({ ...filter, count: true }),
    queryFn: () => fetchTdReport({ ...filter, page: 1, pageSize: 1 }),
    enabled: ready,
  });
  return (
    <>
      <PageTitle>TD report</PageTitle>
      <Card>
        <Space direction="vertical" style={{ width: '100%' }} size="middle">
          <ReportGroupField
            allowedTypes={REPORT_GROUP_TYPES.tdAudit}
            groupName={params.groupName}
            onPick={(g) => setParams({ groupId: g.id, groupName: g.name }, { resetPage: true })}
          />
          <Form layout="inline" style={{ rowGap: 8 }}>
            <Form.Item label="Sample number" htmlFor="tdreport-sample">
              <Input.Search
                id="tdreport-sample"
                allowClear
                maxLength={20}
                defaultValue={params.sampleNumber}
                placeholder="DN number"
                onSearch={(v) => setParams({ sampleNumber: v.trim() || undefined }, { resetPage: true })}
              />
            </Form.Item>
            <Form.Item label="Matched" htmlFor="tdreport-dates">
              <DateRangePicker
                id="tdreport-dates"
                value={[
                  params.startDate ? dayjs(params.startDate, URL_DATE) : null,
                  params.endDate ? dayjs(params.endDate, URL_DATE) : null,
                ]}
                onChange={(range) =>
                  setParams(
                    { startDate: range?.[0]?.format(URL_DATE), endDate: range?.[1]?.format(URL_DATE) },
                    { resetPage: true },
                  )
                }
              />
            </Form.Item>
            <Form.Item>
              <ExportButton
                endpoint={reportEndpoints.tdReportExport}
                input={{ query: filter }}
                totalRows={total.data?.totalRecords}
                fallbackName="TD_Report"
                disabled={!ready}
              />
            </Form.Item>
          </Form>
          <ErrorPresenter error={chart.error} />
          {ready && chart.data && <CountsOverTimeChart title="Matches per month" points={chart.data.points} />}
          <UrlTable<TdReportRow, typeof tdReportSearch>
            rowKey="id"
            searchSchema={tdReportSearch}
            queryKey={(p) =>
              reportKeys.tdReport({ ...filter, page: p.page, pageSize: p.pageSize, o: p.orderBy, a: p.ascending })
            }
            queryFn={(p) =>
              ready
                ? fetchTdReport({
                    ...filter,
                    page: p.page,
                    pageSize: p.pageSize,
                    orderBy: p.orderBy,
                    ascending: p.ascending,
                  })
                : Promise.resolve({ data: [], totalRecords: 0 })
            }
            locale={{ emptyText: ready ? 'No matched pets.' : 'Select a group or enter a sample number.' }}
            scroll={{ x: 'max-content' }}
            columns={[
              { title: 'Sample number', dataIndex: 'sampleNumber', sorter: true },
              { title: 'Pet name', dataIndex: 'petName', sorter: true },
              { title: 'Matches', dataIndex: 'matchCount', sorter: true, align: 'right' },
              { title: 'Date created', dataIndex: 'dateCreated', sorter: true, render: (v: string) => reportDate(v) },
              { title: 'Pet owner user name', dataIndex: 'petOwnerUsername', sorter: true },
              { title: 'Pet owner', dataIndex: 'petOwnerFullName', sorter: true },
              {
                title: 'Waste samples',
                key: 'matchResults',
                render: (_: unknown, r: TdReportRow) => r.matchResults.map((m) => m.wasteSampleNumber).join(', '),
              },
            ]}
          />
        </Space>
      </Card>
    </>
  );
}
