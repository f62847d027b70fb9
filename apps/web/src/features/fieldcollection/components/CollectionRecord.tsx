// A waste sample's collection record: when and by whom, the position and its accuracy with a map pin, the notes and
// the photos (the resized copy shown, the original a click away). The lab receipt and the custody page show it.
import { Descriptions, Image, Space, Typography } from 'antd';
import { showDateTime } from '../../../components/labTime';
import type { CollectionRecord as Record } from '../fieldcollection.api';
import { MapPlot } from './MapPlot';

export function CollectionRecordView({ record, tileUrl }: { record: Record; tileUrl: string | null }) {
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Descriptions size="small" column={{ xs: 1, sm: 2 }}>
        <Descriptions.Item label="Collected">{showDateTime(record.collectedAt)}</Descriptions.Item>
        <Descriptions.Item label="Collected by">{record.collectedByName}</Descriptions.Item>
        <Descriptions.Item label="Position">
          {record.latitude.toFixed(6)}, {record.longitude.toFixed(6)} (within {record.accuracyMeters} m)
        </Descriptions.Item>
        <Descriptions.Item label="Property">{record.propertyName ?? 'None'}</Descriptions.Item>
        {record.locationNotes && <Descriptions.Item label="Location notes">{record.locationNotes}</Descriptions.Item>}
        <Descriptions.Item label="Sent by">{record.recordedBy ?? 'Unknown'}</Descriptions.Item>
      </Descriptions>
      <Space wrap>
        {record.photos.map((photo, i) => (
          <Image
            key={photo.photoId}
            src={photo.url}
            width={120}
            height={120}
            style={{ objectFit: 'cover' }}
            alt={`Photo ${i + 1} of sample ${record.sampleNumber}`}
            preview={{ src: photo.originalUrl }}
          />
        ))}
      </Space>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        Photo fingerprints (SHA-256): {record.photos.map((photo) => photo.sha256.slice(0, 12)).join(', ')}
      </Typography.Text>
      <MapPlot
        label={`Where sample ${record.sampleNumber} was collected`}
        tileUrl={tileUrl}
        points={[
          {
            key: 'here',
            latitude: record.latitude,
            longitude: record.longitude,
            accuracyMeters: record.accuracyMeters,
          },
        ]}
      />
    </Space>
  );
}
