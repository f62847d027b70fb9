// The report page shell: heading, filters, export and the URL-bound table of the report's endpoint; the empty state
// before the report can run and when it found nothing; the export's over-1,000 confirmation from the table's count.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { tdAuditQuery } from '@registry/contracts';
import { reportEndpoints } from '@registry/contracts/endpoints/reports';
import { mockFetch, renderInRouter } from '../test/utils';
import { ReportPage } from './ReportPage';
import { reportSearch } from './reportSearch';
import { UrlDateRangeFilter } from './urlFilters';
import { useUrlState } from './UrlTable';

afterEach(() => vi.unstubAllGlobals());

const tdAudit = reportSearch(tdAuditQuery, { groupId: 'groupId', startDate: 'dateFilterStart' });
const row = (id: number) => ({
  id,
  sampleNumber: `TD${id}`,
  collectedByName: null,
  dateCreated: '2026-11-02T15:00:00Z',
  customerFacingStatus: 0,
  propertyCollectedFrom: null,
  distributor: null,
  createdByUserName: null,
  createdByFullname: null,
  createdByEmail: null,
});

function Audit() {
  const [params] = useUrlState(tdAudit.schema);
  const input =
    params.groupId === undefined ? null : { query: { ...tdAudit.request(params), groupId: params.groupId } };
  return (
    <ReportPage
      title="TD audit report"
      endpoint={reportEndpoints.tdAudit}
      search={tdAudit.schema}
      input={input}
      filters={<UrlDateRangeFilter label="Dates" id="audit-dates" from="startDate" to="endDate" />}
      exportTo={{ endpoint: reportEndpoints.tdAuditExport, fallbackName: 'Td_Audit_Report', input }}
      emptyText={{ idle: 'Select a group to run the report.', none: 'No samples.' }}
      rowKey="id"
      columns={[{ title: 'Sample number', dataIndex: 'sampleNumber' }]}
    />
  );
}

describe('ReportPage', () => {
  it('renders the heading, the filters, the export and the rows the endpoint answers for the URL', async () => {
    const { calls } = mockFetch({
      'GET /api/v1/tdauditreport': { data: [row(1), row(2)], totalRecords: 2 },
    });
    renderInRouter(() => <Audit />, '/?groupId=12&startDate=01/01/2000&page=1');
    await screen.findByRole('heading', { level: 1, name: 'TD audit report' });
    screen.getByLabelText('Dates');
    await screen.findByRole('cell', { name: 'TD2' });
    expect(screen.getByRole('button', { name: /Export CSV/ }).hasAttribute('disabled')).toBe(false);
    const asked = calls.find((call) => call.url.pathname === '/api/v1/tdauditreport')!.url.searchParams;
    expect(Object.fromEntries(asked)).toEqual({
      groupId: '12',
      dateFilterStart: '01/01/2000',
      page: '1',
      pageSize: '25',
    });
  });

  it('says what to do before the report can run, and asks nothing of the server', async () => {
    const { calls } = mockFetch({});
    renderInRouter(() => <Audit />, '/');
    await screen.findByText('Select a group to run the report.');
    expect(screen.getByRole('button', { name: /Export CSV/ }).hasAttribute('disabled')).toBe(true);
    expect(calls).toEqual([]);
  });

  it('says so when the report found nothing', async () => {
    const { calls } = mockFetch({ 'GET /api/v1/tdauditreport': { data: [], totalRecords: 0 } });
    renderInRouter(() => <Audit />, '/?groupId=12');
    await screen.findByText('No samples.');
    expect(screen.queryByText('Select a group to run the report.')).toBeNull();
    expect(calls).toHaveLength(1);
  });

  it("asks before exporting more than 1,000 rows, counted by the table's own page", async () => {
    mockFetch({ 'GET /api/v1/tdauditreport': { data: [row(1)], totalRecords: 1500 } });
    renderInRouter(() => <Audit />, '/?groupId=12');
    await screen.findByRole('cell', { name: 'TD1' });
    await userEvent.click(screen.getByRole('button', { name: /Export CSV/ }));
    const question = await screen.findByText('This export has 1,500 rows. Do you want to continue?');
    expect(question.textContent).toContain('1,500');
  });
});
