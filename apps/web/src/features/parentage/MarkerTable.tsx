import { Table, Tag } from 'antd';
import type { MatchResult } from './parentage.api';

const COLOR: Record<string, string> = { Pass: 'green', Fail: 'red', Skip: 'default' };
export const RESULT_COLOR: Record<string, string> = { Certified: 'green', Disqualified: 'red', Inconclusive: 'orange' };

/** The per-marker table of a run: dam, sire and puppy genotypes with Pass / Fail / Skip. */
export function MarkerTable({ result }: { result: MatchResult }) {
  return (
    <Table
      size="small"
      rowKey="marker"
      pagination={false}
      scroll={{ x: true }}
      dataSource={result.markers}
      columns={[
        { title: 'Marker', dataIndex: 'marker' },
        { title: `Dam ${result.damSampleNumber}`, dataIndex: 'dam' },
        { title: `Sire ${result.sireSampleNumber}`, dataIndex: 'sire' },
        { title: `Puppy ${result.puppySampleNumber}`, dataIndex: 'puppy' },
        { title: 'Result', dataIndex: 'result', render: (r: string) => <Tag color={COLOR[r]}>{r}</Tag> },
      ]}
    />
  );
}

/** The verdict and its statistic in a line. */
export function ResultSummary({ result }: { result: MatchResult }) {
  const cpi = result.combinedPaternityIndex;
  return (
    <span>
      <Tag color={RESULT_COLOR[result.parentageMatchRunResult]}>{result.parentageMatchRunResult}</Tag>
      {result.isOverridden && <Tag>Overridden (engine: {result.engineResult})</Tag>}
      {result.possibleMutation && <Tag color="orange">Possible mutation</Tag>}
      {result.testedMarkers} markers tested, {result.failedMarkers} failed
      {cpi !== null &&
        cpi > 0 &&
        `; combined paternity index ${cpi >= 1000 ? Math.round(cpi).toLocaleString() : cpi.toPrecision(3)}`}
      {result.probabilityOfExclusion !== null &&
        `; probability of exclusion ${(result.probabilityOfExclusion * 100).toFixed(2)}%`}
    </span>
  );
}
