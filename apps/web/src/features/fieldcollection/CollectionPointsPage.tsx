// Where waste is found (issue 40): a property's collection points on a map, filtered by the collection dates and the
// approved result, so staff and owners see where the problem is. Tiles come from MAP_TILE_URL when it is set.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@tanstack/react-router';
import { Card, DatePicker, Empty, Form, List, Select, Space, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { ErrorPresenter } from '../../components/ErrorPresenter';
import { FilterBar } from '../../components/FilterBar';
import { PageTitle } from '../../components/PageTitle';
import { showDateTime } from '../../components/labTime';
import { MapPlot } from './components/MapPlot';
import { pointsQuery } from './fieldcollection.api';

type Result = 'Any' | 'Match' | 'NoMatch' | 'Pending';
const RESULT_OPTIONS: { value: Result; label: string }[] = [
  { value: 'Any', label: 'Any result' },
  { value: 'Match', label: 'Match' },
  { value: 'NoMatch', label: 'No match' },
  { value: 'Pending', label: 'No result yet' },
];
const COLORS = { Match: '#cf1322', NoMatch: '#1677ff', Pending: '#8c8c8c' } as const;
const RESULT_WORDS = { Match: 'Match', NoMatch: 'No match', Pending: 'No result yet' } as const;

export function CollectionPointsPage() {
  const { id } = useParams({ strict: false }) as { id: string };
  const [range, setRange] = useState<[Dayjs | null, Dayjs | null] | null>(null);
  const [result, setResult] = useState<Result>('Any');
  const query = {
    propertyId: Number(id),
    from: range?.[0]?.format('YYYY-MM-DD'),
    to: range?.[1]?.format('YYYY-MM-DD'),
    result,
  };
  const points = useQuery(pointsQuery(query));
  const data = points.data;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <PageTitle title={['Where waste is found', data?.propertyName]}>Where waste is found</PageTitle>
      <FilterBar>
        <Form.Item label="Collected">
          <DatePicker.RangePicker value={range} onChange={(value) => setRange(value)} allowEmpty={[true, true]} />
        </Form.Item>
        <Form.Item label="Result">
          <Select
            aria-label="Result"
            value={result}
            onChange={setResult}
            options={RESULT_OPTIONS}
            style={{ minWidth: 160 }}
          />
        </Form.Item>
      </FilterBar>
      {points.error && <ErrorPresenter error={points.error} />}
      {data && data.points.length === 0 && (
        <Empty description="No collection points in this selection. Samples collected with the collection app on a phone appear here with their position." />
      )}
      {data && data.points.length > 0 && (
        <Card title={`${data.propertyName}: ${data.points.length} collection point(s)`}>
          <MapPlot
            label={`Collection points of ${data.propertyName}`}
            tileUrl={data.tileUrl}
            points={data.points.map((p) => ({
              key: String(p.wasteSampleId),
              latitude: p.latitude,
              longitude: p.longitude,
              accuracyMeters: p.accuracyMeters,
              color: COLORS[p.result],
              label: `${p.sampleNumber}: ${RESULT_WORDS[p.result]}`,
            }))}
          />
          <List
            size="small"
            dataSource={data.points}
            renderItem={(p) => (
              <List.Item>
                <Link to="/wastesample/$id/custody" params={{ id: String(p.wasteSampleId) }}>
                  {p.sampleNumber}
                </Link>
                <span>{showDateTime(p.collectedAt)}</span>
                <Tag color={COLORS[p.result]}>{RESULT_WORDS[p.result]}</Tag>
              </List.Item>
            )}
          />
        </Card>
      )}
    </Space>
  );
}
