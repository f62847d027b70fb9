// Program analytics (/reports/program-analytics, issue 42): a property's, firm's or distributorship's waste-DNA program
// over the chosen period beside the period just before it: samples collected per month, results and match rate, dogs
// registered against dogs declared at pre-registration, repeat dogs, turnaround, and the CSV / XLSX export.
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Space, Typography } from 'antd';
import { ANALYTICS_GROUP_TYPES } from '@registry/contracts';
import { analyticsEndpoints } from '@registry/contracts/endpoints/analytics';
import { ErrorPresenter } from '../../components/ErrorPresenter';
import { ExportButton } from '../../components/ExportButton';
import { FilterBar } from '../../components/FilterBar';
import { PageTitle } from '../../components/PageTitle';
import { UrlDateRangeFilter } from '../../components/urlFilters';
import { useUrlState } from '../../components/UrlTable';
import { dayjs } from '../../lib/dayjs';
import { UrlReportGroup } from '../reports/ReportGroupField';
import { periodOf, programAnalyticsQuery } from './analytics.api';
import { programAnalyticsSearch } from './analytics.search';
import { FigureCards, TurnaroundTable } from './components/Figures';
import { PeriodChart } from './components/PeriodChart';

const monthLabel = (period: string) => dayjs(`${period}-01`).format('MMM YYYY');

export function ProgramAnalyticsPage() {
  const [params] = useUrlState(programAnalyticsSearch);
  const period = periodOf(params);
  const groupId = params.groupId;
  const figures = useQuery({
    ...programAnalyticsQuery(groupId ?? 0, period.startDate, period.endDate),
    enabled: groupId !== undefined,
  });
  const data = figures.data;
  const now = data?.current;
  const before = data?.previous;
  return (
    <>
      <PageTitle title="Program analytics">Program analytics</PageTitle>
      <FilterBar>
        <UrlReportGroup allowedTypes={ANALYTICS_GROUP_TYPES} />
        <UrlDateRangeFilter
          label="Period"
          id="analytics-period"
          from="startDate"
          to="endDate"
          defaultFrom={period.urlStart}
        />
        {groupId !== undefined && (
          <ExportButton
            endpoint={analyticsEndpoints.programExport}
            input={{ query: { groupId, startDate: period.startDate, endDate: period.endDate } }}
            fallbackName="Program_Analytics"
          />
        )}
      </FilterBar>
      <ErrorPresenter error={figures.error} />
      {groupId === undefined && (
        <Card>
          <Empty description="Select a property, management firm or distributorship to see its program over time." />
        </Card>
      )}
      {now && before && data && (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            {data.group.name}: {dayjs(now.startDate).format('MMM D, YYYY')} to{' '}
            {dayjs(now.endDate).format('MMM D, YYYY')}, compared with {dayjs(before.startDate).format('MMM D, YYYY')} to{' '}
            {dayjs(before.endDate).format('MMM D, YYYY')}.
          </Typography.Paragraph>
          <FigureCards
            figures={[
              { title: 'Waste samples collected', current: now.collected, previous: before.collected },
              { title: 'Match rate', current: now.matchRate, previous: before.matchRate, percent: true },
              { title: 'Matches', current: now.results.match, previous: before.results.match },
              { title: 'No matches', current: now.results.noMatch, previous: before.results.noMatch },
              { title: 'Failed samples', current: now.results.fail, previous: before.results.fail },
              { title: 'Dogs registered', current: now.dogsRegistered, previous: before.dogsRegistered },
              { title: 'Dogs declared at pre-registration', current: now.dogsDeclared, previous: before.dogsDeclared },
              { title: 'Repeat dogs', current: now.repeatDogs, previous: before.repeatDogs },
            ]}
          />
          <Card title="Waste samples collected per month" size="small">
            <PeriodChart
              title="Waste samples collected per month"
              current={now.collectedPerMonth}
              previous={before.collectedPerMonth}
              label={monthLabel}
            />
          </Card>
          <Card title="Results" size="small">
            <PeriodChart
              title="Results"
              current={[
                { period: 'Match', count: now.results.match },
                { period: 'No match', count: now.results.noMatch },
                { period: 'Fail', count: now.results.fail },
                { period: 'Other', count: now.results.other },
              ]}
              previous={[
                { period: 'Match', count: before.results.match },
                { period: 'No match', count: before.results.noMatch },
                { period: 'Fail', count: before.results.fail },
                { period: 'Other', count: before.results.other },
              ]}
              label={(name) => name}
            />
          </Card>
          <Card title="Turnaround" size="small">
            <TurnaroundTable
              stages={[
                {
                  stage: 'Collected to received',
                  current: now.turnaround.collectedToReceived,
                  previous: before.turnaround.collectedToReceived,
                },
                {
                  stage: 'Received to result approved',
                  current: now.turnaround.receivedToApproved,
                  previous: before.turnaround.receivedToApproved,
                },
                {
                  stage: 'Collected to result approved',
                  current: now.turnaround.collectedToApproved,
                  previous: before.turnaround.collectedToApproved,
                },
              ]}
            />
          </Card>
          <Card title="Violation notices" size="small">
            <Typography.Text type="secondary">
              Notices issued, paid and waived will show here once violation notices are in use.
            </Typography.Text>
          </Card>
        </Space>
      )}
    </>
  );
}
