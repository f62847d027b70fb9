// The two ranked groups of a relatives search (possible parent or offspring, possible full siblings): sample number,
// dog name, likelihood ratio against unrelated to three significant figures, markers compared and excluding.
import { Space, Table, Typography } from 'antd';
import type { RelativeProfileView, RelativesGroupsView } from '@registry/contracts';

const SUPERSCRIPT = '⁰¹²³⁴⁵⁶⁷⁸⁹';

/** A ratio to three significant figures: grouped digits below a million, else a power of ten (4.76 × 10⁸). */
function ratioText(ratio: number): string {
  if (!Number.isFinite(ratio)) return String(ratio);
  if (ratio < 1e6) return Number(ratio.toPrecision(3)).toLocaleString('en-US', { maximumFractionDigits: 3 });
  const [mantissa, exponent] = ratio.toExponential(2).split('e');
  const power = [...String(Number(exponent))].map((d) => SUPERSCRIPT[Number(d)] ?? d).join('');
  return `${mantissa} × 10${power}`;
}

function RelativesTable({
  title,
  rows,
  excluding,
}: {
  title: string;
  rows: RelativeProfileView[];
  excluding: boolean;
}) {
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {title} ({rows.length})
      </Typography.Title>
      <Table<RelativeProfileView>
        size="small"
        rowKey="dnaProfileId"
        pagination={false}
        scroll={{ x: true }}
        dataSource={rows}
        locale={{ emptyText: 'None found.' }}
        columns={[
          { title: 'Rank', key: 'rank', render: (_v: unknown, _r, i) => i + 1 },
          { title: 'Sample number', dataIndex: 'sampleNumber' },
          { title: 'Dog name', dataIndex: 'petName', render: (n: string | null) => n ?? '' },
          { title: 'Likelihood ratio', dataIndex: 'likelihoodRatio', render: (r: number) => ratioText(r) },
          { title: 'Markers compared', dataIndex: 'comparedMarkers' },
          ...(excluding ? [{ title: 'Markers excluding', dataIndex: 'excludingMarkers' }] : []),
        ]}
      />
    </Space>
  );
}

export function RelativesGroups({ data }: { data: RelativesGroupsView }) {
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="large">
      <Typography.Text type="secondary">
        Ranked by likelihood ratio against an unrelated dog (allele frequencies of the registry, θ = {data.theta});
        listed above {data.minimumLikelihoodRatio}, at most {data.limit} per group; a possible parent or offspring
        shares an allele at every compared marker
        {data.maxExcludingMarkers > 0 ? ` but ${data.maxExcludingMarkers}` : ''}.
      </Typography.Text>
      <RelativesTable title="Possible parent or offspring" rows={data.parentOffspring} excluding />
      <RelativesTable title="Possible full siblings" rows={data.fullSiblings} excluding={false} />
    </Space>
  );
}
