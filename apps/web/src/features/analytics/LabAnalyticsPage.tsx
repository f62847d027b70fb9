// Lab analytics (/lab-tools/lab-analytics, issue 42, provider staff): samples received and plates per week, turnaround
// per stage, rerun, reswab and no-result rates and control failures per plate, beside the period before; the export.
import { useQuery } from '@tanstack/react-query';
import { Card, Space, Typography } from 'antd';
import { analyticsEndpoints } from '@registry/contracts/endpoints/analytics';
import { ErrorPresenter } from '../../components/ErrorPresenter';
import { ExportButton } from '../../components/ExportButton';
import { FilterBar } from '../../components/FilterBar';
import { PageTitle } from '../../components/PageTitle';
import { UrlDateRangeFilter } from '../../components/urlFilters';
import { useUrlState } from '../../components/UrlTable';
import { dayjs } from '../../lib/dayjs';
import { labAnalyticsQuery, periodOf } from './analytics.api';
import { labAnalyticsSearch } from './analytics.search';
import { FigureCards, TurnaroundTable } from './components/Figures';
import { PeriodChart } from './components/PeriodChart';

const weekLabel = (period: string) => dayjs(period).format('MMM D');

export function LabAnalyticsPage() {
  const [params] = useUrlState(labAnalyticsSearch);
  const period = periodOf(params);
  const figures = useQuery(labAnalyticsQuery(period.startDate, period.endDate));
  const now = figures.data?.current;
  const before = figures.data?.previous;
  return (
    <>
      <PageTitle title="Lab analytics">Lab analytics</PageTitle>
      <FilterBar>
        <UrlDateRangeFilter
          label="Period"
          id="lab-period"
          from="startDate"
          to="endDate"
          defaultFrom={period.urlStart}
        />
        <ExportButton
          endpoint={analyticsEndpoints.labExport}
          input={{ query: { startDate: period.startDate, endDate: period.endDate } }}
          fallbackName="Lab_Analytics"
        />
      </FilterBar>
      <ErrorPresenter error={figures.error} />
      {now && before && (
        <Space direction="vertical" size={16} style={{ width: '100%' }}>
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            {dayjs(now.startDate).format('MMM D, YYYY')} to {dayjs(now.endDate).format('MMM D, YYYY')}, compared with{' '}
            {dayjs(before.startDate).format('MMM D, YYYY')} to {dayjs(before.endDate).format('MMM D, YYYY')}.
          </Typography.Paragraph>
          <FigureCards
            figures={[
              { title: 'Samples received', current: now.received, previous: before.received },
              { title: 'Samples typed', current: now.samplesTyped, previous: before.samplesTyped },
              { title: 'Plates', current: now.plates, previous: before.plates },
              { title: 'Rerun rate', current: now.rerunRate, previous: before.rerunRate, percent: true },
              { title: 'Reswab rate', current: now.reswabRate, previous: before.reswabRate, percent: true },
              { title: 'No-result rate', current: now.noResultRate, previous: before.noResultRate, percent: true },
              { title: 'Control failures', current: now.controlFailures, previous: before.controlFailures },
              {
                title: 'Control failures per plate',
                current: now.controlFailuresPerPlate === null ? null : Number(now.controlFailuresPerPlate.toFixed(2)),
                previous:
                  before.controlFailuresPerPlate === null ? null : Number(before.controlFailuresPerPlate.toFixed(2)),
              },
            ]}
          />
          <Card title="Samples received per week" size="small">
            <PeriodChart
              title="Samples received per week"
              current={now.receivedPerWeek}
              previous={before.receivedPerWeek}
              label={weekLabel}
            />
          </Card>
          <Card title="Plates per week" size="small">
            <PeriodChart
              title="Plates per week"
              current={now.platesPerWeek}
              previous={before.platesPerWeek}
              label={weekLabel}
            />
          </Card>
          <Card title="Turnaround per stage" size="small">
            <TurnaroundTable
              stages={[
                {
                  stage: 'Collected to received',
                  current: now.turnaround.collectedToReceived,
                  previous: before.turnaround.collectedToReceived,
                },
                {
                  stage: 'Received to typed',
                  current: now.turnaround.receivedToTyped,
                  previous: before.turnaround.receivedToTyped,
                },
                {
                  stage: 'Typed to approved',
                  current: now.turnaround.typedToApproved,
                  previous: before.turnaround.typedToApproved,
                },
              ]}
            />
          </Card>
        </Space>
      )}
    </>
  );
}
