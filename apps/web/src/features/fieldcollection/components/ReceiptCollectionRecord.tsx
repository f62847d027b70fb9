// The lab receipt's view of what it receives (issue 40): the sample's collection record when it was collected with the
// phone app (photos, time, position), with a link to its custody.
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Collapse, Typography } from 'antd';
import { collectionRecordQuery } from '../fieldcollection.api';
import { CollectionRecordView } from './CollectionRecord';

export function ReceiptCollectionRecord({ sampleNumber }: { sampleNumber: string }) {
  const record = useQuery(collectionRecordQuery(sampleNumber));
  if (!record.data) return null;
  return (
    <Collapse
      style={{ marginBottom: 16 }}
      defaultActiveKey={['record']}
      items={[
        {
          key: 'record',
          label: 'Collection record',
          children: (
            <>
              <CollectionRecordView record={record.data} tileUrl={null} />
              <Typography.Paragraph style={{ marginTop: 8 }}>
                <Link to="/wastesample/$id/custody" params={{ id: String(record.data.wasteSampleId) }}>
                  Chain of custody
                </Link>
              </Typography.Paragraph>
            </>
          ),
        },
      ]}
    />
  );
}
