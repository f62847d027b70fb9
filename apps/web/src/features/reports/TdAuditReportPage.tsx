// The TD audit report (/reports/tdaudit, spec 3 §3): waste samples under the picked group with who collected and
// created them, a date range defaulting to the first of the current month, paging, and the CSV / XLSX export.
import { REPORT_GROUP_TYPES, sampleStatusWords } from '@registry/contracts';
import { reportEndpoints } from '@registry/contracts/endpoints/reports';
import { labToday, showReportDate, useLabTimeZone } from '../../components/labTime';
import { ReportPage } from '../../components/ReportPage';
import { URL_DATE, UrlDateRangeFilter } from '../../components/urlFilters';
import { useUrlState } from '../../components/UrlTable';
import { UrlReportGroup } from './ReportGroupField';
import { tdAudit, tdAuditSearch } from './reports.search';

export function TdAuditReportPage() {
  const [params] = useUrlState(tdAuditSearch);
  const defaultStart = labToday(useLabTimeZone()).startOf('month').format(URL_DATE);
  const query = { ...tdAudit.request(params), dateFilterStart: params.startDate ?? defaultStart };
  const input = params.groupId === undefined ? null : { query: { ...query, groupId: params.groupId } };
  return (
    <ReportPage
      title="TD audit report"
      endpoint={reportEndpoints.tdAudit}
      search={tdAuditSearch}
      input={input}
      group={<UrlReportGroup allowedTypes={REPORT_GROUP_TYPES.tdAudit} />}
      filters={
        <UrlDateRangeFilter label="Dates" id="tdaudit-dates" from="startDate" to="endDate" defaultFrom={defaultStart} />
      }
      exportTo={{ endpoint: reportEndpoints.tdAuditExport, fallbackName: 'Td_Audit_Report', input }}
      emptyText={{ idle: 'Select a group to run the report.', none: 'No samples.' }}
      rowKey="id"
      columns={[
        { title: 'Sample number', dataIndex: 'sampleNumber' },
        { title: 'Collected by', dataIndex: 'collectedByName' },
        { title: 'Date created', dataIndex: 'dateCreated', render: (v: string) => showReportDate(v) },
        { title: 'Status', dataIndex: 'customerFacingStatus', render: (v: number) => sampleStatusWords(v) },
        { title: 'Property', dataIndex: 'propertyCollectedFrom' },
        { title: 'Distributor', dataIndex: 'distributor' },
        { title: 'Created by', dataIndex: 'createdByFullname' },
        { title: 'User name', dataIndex: 'createdByUserName' },
        { title: 'Email', dataIndex: 'createdByEmail' },
      ]}
    />
  );
}
