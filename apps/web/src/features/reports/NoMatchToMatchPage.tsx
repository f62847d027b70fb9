// No-match to match (/reports/pooprintsnomatchtomatch, params group and startDate): reruns that turned a waste sample's
// no-match into a match, charted per month above the table, with paging, sorting and export.
import { Card, Form, Space, Tag } from 'antd';
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
import { fetchNoMatchToMatch, noMatchToMatchChartQuery, reportKeys, type NoMatchToMatchRow } from './reports.api';
import { noMatchToMatchSearch } from './reports.search';
import { reportDate } from './TdAuditReportPage';

const URL_DATE = 'MM/DD/YYYY';

export function NoMatchToMatchPage() {
  const [params, setParams] = useUrlState(noMatchToMatchSearch);
  const filter = {
    groupId: params.groupId ?? 0,
    ...(params.startDate ? { startDate: params.startDate } : {}),
    ...(params.endDate ? { endDate: params.endDate } : {}),
  };
  const ready = params.groupId !== undefined;
  const chart = useQuery({ ...noMatchToMatchChartQuery(filter), enabled: ready });
  const total = useQuery({
    queryKey: reportKeys.noMatchToMatch({ ...filter, count: true }),
    queryFn: () => fetchNoMatchToMatch({ ...filter, page: 1, pageSize: 1 }),
    enabled: ready,
  });
  return (
    <>
      <PageTitle>No match to match</PageTitle>
      <Card>
        <Space direction="vertical" style={{ width: '100%' }} size="middle">
          <ReportGroupField
            allowedTypes={REPORT_GROUP_TYPES.noMatchToMatch}
            groupName={params.groupName}
            onPick={(g) => setParams({ groupId: g.id, groupName: g.name }, { resetPage: true })}
          />
          <Form layout="inline" style={{ rowGap: 8 }}>
            <Form.Item label="Changed" htmlFor="nmtm-dates">
              <DateRangePicker
                id="nmtm-dates"
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
                endpoint={reportEndpoints.noMatchToMatchExport}
                input={{ query: filter }}
                totalRows={total.data?.totalRecords}
                fallbackName="No_Match_To_Match_Report"
                disabled={!ready}
              />
            </Form.Item>
          </Form>
          <ErrorPresenter error={chart.error} />
          {ready && chart.data && (
            <CountsOverTimeChart title="No match to match per month" points={chart.data.points} />
          )}
          <UrlTable<NoMatchToMatchRow, typeof noMatchToMatchSearch>
            rowKey="id"
            searchSchema={noMatchToMatchSearch}
            queryKey={(p) =>
              reportKeys.noMatchToMatch({ ...filter, page: p.page, pageSize: p.pageSize, o: p.orderBy, a: p.ascending })
            }
            queryFn={(p) =>
              ready
                ? fetchNoMatchToMatch({
                    ...filter,
                    page: p.page,
                    pageSize: p.pageSize,
                    orderBy: p.orderBy,
                    ascending: p.ascending,
                  })
                : Promise.resolve({ data: [], totalRecords: 0 })
            }
            locale={{ emptyText: ready ? 'No changed results.' : 'Select a group to run the report.' }}
            scroll={{ x: 'max-content' }}
            columns={[
              { title: 'Waste sample', dataIndex: 'wasteSampleNumber', sorter: true },
              { title: 'Property', dataIndex: 'propertyName', sorter: true },
              { title: 'Distributor', dataIndex: 'distributor' },
              {
                title: 'Collected',
                dataIndex: 'dateCollected',
                sorter: true,
                render: (v: string | null) => reportDate(v),
              },
              { title: 'Earlier result', dataIndex: 'earlierResult' },
              { title: 'New result', dataIndex: 'newResult' },
              {
                title: 'Date of change',
                dataIndex: 'dateOfChange',
                sorter: true,
                render: (v: string) => reportDate(v),
              },
              { title: 'Matched sample', dataIndex: 'matchedSampleNumber', sorter: true },
              { title: 'Matched pet', dataIndex: 'matchedPetName', sorter: true },
              { title: 'Pet owner', dataIndex: 'petOwnerName' },
              {
                title: 'Approved',
                dataIndex: 'isApproved',
                render: (v: boolean) => (v ? <Tag color="green">Approved</Tag> : <Tag>Pending</Tag>),
              },
            ]}
          />
        </Space>
      </Card>
    </>
  );
}
