// Counts per month above a report's table (the TD and no-match-to-match reports): a recharts bar chart with a text
// alternative (the chart's label names each month's count) for screen readers.
import { Empty } from 'antd';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { dayjs } from '../lib/dayjs';

export type CountPoint = { period: string; count: number };

/** '2026-03' as 'Mar 2026'. */
const monthLabel = (period: string) => dayjs(`${period}-01`).format('MMM YYYY');

export function CountsOverTimeChart({ title, points }: { title: string; points: readonly CountPoint[] }) {
  if (points.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Nothing to chart" />;
  const data = points.map((p) => ({ month: monthLabel(p.period), count: p.count }));
  const summary = data.map((d) => `${d.month}: ${d.count}`).join(', ');
  return (
    <div style={{ height: 220 }} role="img" aria-label={`${title}. ${summary}`} data-testid="counts-chart">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, left: 8, bottom: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="month" fontSize={11} />
          <YAxis allowDecimals={false} fontSize={11} width={40} />
          <Tooltip formatter={(value) => [String(value), 'Count']} />
          <Bar dataKey="count" fill="#1677ff" isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
