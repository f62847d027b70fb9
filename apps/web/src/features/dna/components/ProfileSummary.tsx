// The profile summary counts above the plate view's table (spec 1 §3): over the chosen plate, or every profile when
// none is chosen (docs/decisions/lab.md). The query sits under the profile keys, so lab changes refresh it with the
// table.
import { Card, Col, Row, Statistic } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { profileSummaryQuery, type ProfileSummary as Counts } from '../dna.api';

const COUNTS: { key: keyof Counts; title: string }[] = [
  { key: 'totalRecords', title: 'Total records' },
  { key: 'new', title: 'New' },
  { key: 'rerun', title: 'Rerun' },
  { key: 'reswab', title: 'Reswab' },
  { key: 'inactive', title: 'Inactive' },
  { key: 'orphans', title: 'Orphans' },
];

export function ProfileSummary({ plateId }: { plateId?: number }) {
  const summary = useQuery(profileSummaryQuery(plateId));
  return (
    <Card size="small" style={{ marginBottom: 16 }}>
      <Row gutter={[16, 8]} role="group" aria-label={plateId ? 'Profile summary of the plate' : 'Profile summary'}>
        {COUNTS.map(({ key, title }) => (
          <Col key={key} xs={12} sm={8} md={4}>
            <Statistic title={title} value={summary.data?.[key] ?? '-'} loading={summary.isPending} />
          </Col>
        ))}
      </Row>
    </Card>
  );
}
