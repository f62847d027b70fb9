// The TD report (/reports/pooprintstd, spec 3 §3): pets matched by approved waste results under the picked group (or
// one pet by sample number), with the number of matches per month charted above the table, paging, sorting and export.
import { useQuery } from '@tanstack/react-query';
import { REPORT_GROUP_TYPES } from '@registry/contracts';
import { reportEndpoints } from '@registry/contracts/endpoints/reports';
import { CountsOverTimeChart } from '../../components/CountsOverTimeChart';
import { ErrorPresenter } from '../../components/ErrorPresenter';
import { showReportDate } from '../../components/labTime';
import { ReportPage } from '../../components/ReportPage';
import { UrlDateRangeFilter, UrlSearchFilter } from '../../components/urlFilters';
import { useUrlState } from '../../components/UrlTable';
import { UrlReportGroup } from './ReportGroupField';
import { tdReportChartQuery, type TdReportRow } from './reports.api';
import { tdReport, tdReportSearch } from './reports.search';

export function TdReportPage() {
  const [params] = useUrlState(tdReportSearch);
  const query = tdReport.request(params);
  const ready = params.groupId !== undefined || params.sampleNumber !== undefined;
  const chart = useQuery({ ...tdReportChartQuery(query), enabled: ready });
  const input = ready ? { query } : null;
  return (
    <ReportPage
      title="TD report"
      endpoint={reportEndpoints.tdReport}
      search={tdReportSearch}
      input={input}
      group={<UrlReportGroup allowedTypes={REPORT_GROUP_TYPES.tdAudit} />}
      filters={
        <>
          <UrlSearchFilter
            label="Sample number"
            id="tdreport-sample"
            name="sampleNumber"
            maxLength={20}
            placeholder="DN number"
          />
          <UrlDateRangeFilter label="Matched" id="tdreport-dates" from="startDate" to="endDate" />
        </>
      }
      exportTo={{ endpoint: reportEndpoints.tdReportExport, fallbackName: 'TD_Report', input }}
      above={
        <>
          <ErrorPresenter error={chart.error} />
          {ready && chart.data && <CountsOverTimeChart title="Matches per month" points={chart.data.points} />}
        </>
      }
      emptyText={{ idle: 'Select a group or enter a sample number.', none: 'No matched pets.' }}
      rowKey="id"
      columns={[
        { title: 'Sample number', dataIndex: 'sampleNumber', sorter: true },
        { title: 'Pet name', dataIndex: 'petName', sorter: true },
        { title: 'Matches', dataIndex: 'matchCount', sorter: true, align: 'right' },
        { title: 'Date created', dataIndex: 'dateCreated', sorter: true, render: (v: string) => showReportDate(v) },
        { title: 'Pet owner user name', dataIndex: 'petOwnerUsername', sorter: true },
        { title: 'Pet owner', dataIndex: 'petOwnerFullName', sorter: true },
        {
          title: 'Waste samples',
          key: 'matchResults',
          render: (_: unknown, r: TdReportRow) => r.matchResults.map((m) => m.wasteSampleNumber).join(', '),
        },
      ]}
    />
  );
}
