// No-match to match (/reports/pooprintsnomatchtomatch, params group and startDate): reruns that turned a waste sample's
// no-match into a match, charted per month above the table, with paging, sorting and export.
import { Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { REPORT_GROUP_TYPES } from '@registry/contracts';
import { reportEndpoints } from '@registry/contracts/endpoints/reports';
import { CountsOverTimeChart } from '../../components/CountsOverTimeChart';
import { ErrorPresenter } from '../../components/ErrorPresenter';
import { showReportDate } from '../../components/labTime';
import { ReportPage } from '../../components/ReportPage';
import { UrlDateRangeFilter } from '../../components/urlFilters';
import { useUrlState } from '../../components/UrlTable';
import { UrlReportGroup } from './ReportGroupField';
import { noMatchToMatchChartQuery } from './reports.api';
import { noMatchToMatch, noMatchToMatchSearch } from './reports.search';

export function NoMatchToMatchPage() {
  const [params] = useUrlState(noMatchToMatchSearch);
  const query = { groupId: 0, ...noMatchToMatch.request(params) };
  const ready = params.groupId !== undefined;
  const chart = useQuery({ ...noMatchToMatchChartQuery(query), enabled: ready });
  const input = ready ? { query } : null;
  return (
    <ReportPage
      title="No match to match"
      endpoint={reportEndpoints.noMatchToMatch}
      search={noMatchToMatchSearch}
      input={input}
      group={<UrlReportGroup allowedTypes={REPORT_GROUP_TYPES.noMatchToMatch} />}
      filters={<UrlDateRangeFilter label="Changed" id="nmtm-dates" from="startDate" to="endDate" />}
      exportTo={{ endpoint: reportEndpoints.noMatchToMatchExport, fallbackName: 'No_Match_To_Match_Report', input }}
      above={
        <>
          <ErrorPresenter error={chart.error} />
          {ready && chart.data && (
            <CountsOverTimeChart title="No match to match per month" points={chart.data.points} />
          )}
        </>
      }
      emptyText={{ idle: 'Select a group to run the report.', none: 'No changed results.' }}
      rowKey="id"
      columns={[
        { title: 'Waste sample', dataIndex: 'wasteSampleNumber', sorter: true },
        { title: 'Property', dataIndex: 'propertyName', sorter: true },
        { title: 'Distributor', dataIndex: 'distributor' },
        {
          title: 'Collected',
          dataIndex: 'dateCollected',
          sorter: true,
          render: (v: string | null) => showReportDate(v),
        },
        { title: 'Earlier result', dataIndex: 'earlierResult' },
        { title: 'New result', dataIndex: 'newResult' },
        {
          title: 'Date of change',
          dataIndex: 'dateOfChange',
          sorter: true,
          render: (v: string) => showReportDate(v),
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
  );
}
