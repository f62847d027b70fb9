// Two periods side by side as bars (this period and the one before, point by point), with a text alternative naming
// each point's counts for screen readers. Loaded with the analytics pages only (recharts stays out of the login bundle).
import { Empty } from 'antd';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export type Point = { period: string; count: number };

export function PeriodChart({
  title,
  current,
  previous,
  label,
}: {
  title: string;
  current: readonly Point[];
  previous: readonly Point[];
  /** How a point's period shows on the axis ('2026-03' as 'Mar 2026'). */
  label: (period: string) => string;
}) {
  if (current.length === 0 && previous.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Nothing in either period" />;
  const length = Math.max(current.length, previous.length);
  const data = Array.from({ length }, (_, i) => ({
    name: current[i] ? label(current[i].period) : `${i + 1}`,
    'This period': current[i]?.count ?? 0,
    'Previous period': previous[i]?.count ?? 0,
  }));
  const summary = data.map((d) => `${d.name}: ${d['This period']} (before: ${d['Previous period']})`).join(', ');
  return (
    <div style={{ height: 240 }} role="img" aria-label={`${title}. ${summary}`} data-testid="period-chart">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, left: 0, bottom: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="name" fontSize={11} />
          <YAxis allowDecimals={false} fontSize={11} width={40} />
          <Tooltip />
          <Legend />
          <Bar dataKey="Previous period" fill="#bfbfbf" isAnimationActive={false} />
          <Bar dataKey="This period" fill="#1677ff" isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
