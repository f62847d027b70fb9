// The analytics pages' figure cards and turnaround table: a figure beside its previous period's value and the change.
import { Card, Col, Row, Statistic, Typography } from 'antd';
import { DataTable } from '../../../components/DataTable';
import type { DurationStats } from '@registry/contracts';

export type Figure = { title: string; current: number | null; previous: number | null; percent?: boolean };

const show = (value: number | null, percent?: boolean) =>
  value === null ? '–' : percent ? `${(value * 100).toFixed(1)}%` : value.toLocaleString('en-US');

export function FigureCards({ figures }: { figures: Figure[] }) {
  return (
    <Row gutter={[12, 12]}>
      {figures.map((f) => (
        <Col key={f.title} xs={12} md={8} xl={6}>
          <Card size="small">
            <Statistic title={f.title} value={show(f.current, f.percent)} />
            <Typography.Text type="secondary">Previous period: {show(f.previous, f.percent)}</Typography.Text>
          </Card>
        </Col>
      ))}
    </Row>
  );
}

const days = (hours: number | null) => (hours === null ? '–' : `${(hours / 24).toFixed(1)} days`);
// A figure and its unit stay on one line and a heading keeps its words whole: on a phone the table scrolls sideways
// inside itself (DataTable) rather than breaking "292.9 days" or "Median before" apart.
const whole = {
  onHeaderCell: () => ({ style: { whiteSpace: 'nowrap' as const } }),
  onCell: () => ({ style: { whiteSpace: 'nowrap' as const } }),
};

export function TurnaroundTable({
  stages,
}: {
  stages: { stage: string; current: DurationStats; previous: DurationStats }[];
}) {
  return (
    <DataTable
      size="small"
      pagination={false}
      rowKey="stage"
      dataSource={stages}
      columns={[
        { title: 'Stage', dataIndex: 'stage' },
        { title: 'Median', render: (_, s) => days(s.current.medianHours), ...whole },
        { title: '90th percentile', render: (_, s) => days(s.current.p90Hours), ...whole },
        { title: 'Samples', render: (_, s) => s.current.count.toLocaleString('en-US'), ...whole },
        { title: 'Median before', render: (_, s) => days(s.previous.medianHours), ...whole },
        { title: '90th percentile before', render: (_, s) => days(s.previous.p90Hours), ...whole },
      ]}
    />
  );
}
