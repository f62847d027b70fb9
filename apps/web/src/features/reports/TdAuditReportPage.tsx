// The TD audit report (/reports/tdaudit, spec 3 §3): waste samples under the picked group with who collected and
// created them, a date range defaulting to the first of the current month, paging, and the CSV / XLSX export.
import { useMemo } from 'react';
import { Card, Form, Space } from 'antd';
import { REPORT_GROUP_TYPES, sampleStatusWords } from '@registry/contracts';
import { reportEndpoints } from '@registry/contracts/endpoints/reports';
import { useQuery } from '@tanstack/react-query';
import { dayjs } from '../../lib/dayjs';
import { DateRangePicker } from '../../components/DateRangePicker';
import { ExportButton } from '../../components/ExportButton';
import { labToday, showReportDate, useLabTimeZone } from '../../components/labTime';
import { PageTitle } from '../../components/PageTitle';
import { UrlTable, useUrlState } from '../../components/UrlTable';
import { ReportGroupField } from './ReportGroupField';
import { fetchTdAudit, reportKeys, type TdAuditRow } from './reports.api';
import { tdAuditSearch } from './reports.search';

const URL_DATE = 'MM/DD/YYYY';
const statusName = (value: number) => sampleStatusWords(value);
export const reportDate = (iso: string | null) => (iso ? showReportDate(iso) : '');

export function TdAuditReportPage() {
  const timeZone = useLabTimeZone();
  const [params, setParams] = useUrlState(tdAuditSearch);
  const defaultStart = useMemo(() => labToday(timeZone).startOf('month').format(URL_DATE), [timeZone]);
  const start = params.startDate ?? defaultStart;
  const filter = {
    groupId: params.groupId ?? 0,
    dateFilterStart: start,
    ...(params.endDate ? { dateFilterEnd: params.endDate } : {}),
  };
  const total = useQuery({
    queryKey: reportKeys.tdAudit({ ...filter, count: true }),
    queryFn: () => fetchTdAudit({ ...filter, page: 1, pageSize: 1 }),
    enabled: params.groupId !== undefined,
  });
  return (
    <>
      <PageTitle>TD audit report</PageTitle>
      <Card>
        <Space direction="vertical" style={{ width: '100%' }} size="middle">
          <ReportGroupField
            allowedTypes={REPORT_GROUP_TYPES.tdAudit}
            groupName={params.groupName}
            onPick={(g) => setParams({ groupId: g.id, groupName: g.name }, { resetPage: true })}
          />
          <Form layout="inline" style={{ rowGap: 8 }}>
            <Form.Item label="Dates" htmlFor="tdaudit-dates">
              <DateRangePicker
                id="tdaudit-dates"
                value={[dayjs(start, URL_DATE), params.endDate ? dayjs(params.endDate, URL_DATE) : null]}
                onChange={(range) =>
                  setParams(
                    {
                      startDate: range?.[0]?.format(URL_DATE) ?? defaultStart,
                      endDate: range?.[1]?.format(URL_DATE) ?? undefined,
                    },
                    { resetPage: true },
                  )
                }
              />
            </Form.Item>
            <Form.Item>
              <ExportButton
                endpoint={reportEndpoints.tdAuditExport}
                input={{ query: filter }}
                totalRows={total.data?.totalRecords}
                fallbackName="Td_Audit_Report"
                disabled={params.groupId === undefined}
              />
            </Form.Item>
          </Form>
          <UrlTable<TdAuditRow, typeof tdAuditSearch>
            rowKey="id"
            searchSchema={tdAuditSearch}
            queryKey={(p) => reportKeys.tdAudit({ ...filter, page: p.page, pageSize: p.pageSize })}
            queryFn={(p) =>
              p.groupId === undefined
                ? Promise.resolve({ data: [], totalRecords: 0 })
                : fetchTdAudit({ ...filter, page: p.page, pageSize: p.pageSize })
            }
            locale={{ emptyText: params.groupId === undefined ? 'Select a group to run the report.' : 'No samples.' }}
            scroll={{ x: 'max-content' }}
            columns={[
              { title: 'Sample number', dataIndex: 'sampleNumber' },
              { title: 'Collected by', dataIndex: 'collectedByName' },
              { title: 'Date created', dataIndex: 'dateCreated', render: (v: string) => reportDate(v) },
              { title: 'Status', dataIndex: 'customerFacingStatus', render: (v: number) => statusName(v) },
              { title: 'Property', dataIndex: 'propertyCollectedFrom' },
              { title: 'Distributor', dataIndex: 'distributor' },
              { title: 'Created by', dataIndex: 'createdByFullname' },
              { title: 'User name', dataIndex: 'createdByUserName' },
              { title: 'Email', dataIndex: 'createdByEmail' },
            ]}
          />
        </Space>
      </Card>
    </>
  );
}
