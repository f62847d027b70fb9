// A waste sample's custody page (issue 40): the collection record (photos, position on the map, time, collector) and
// the chain of custody as a timeline, each event an entry of the audit chain.
import { useQuery } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { Alert, Card, Skeleton, Space, Typography } from 'antd';
import { ErrorPresenter } from '../../components/ErrorPresenter';
import { PageTitle } from '../../components/PageTitle';
import { CollectionRecordView } from './components/CollectionRecord';
import { CustodyTimeline } from './components/CustodyTimeline';
import { custodyQuery } from './fieldcollection.api';

export function WasteSampleCustodyPage() {
  const { id } = useParams({ strict: false }) as { id: string };
  const custody = useQuery(custodyQuery(Number(id)));
  const data = custody.data;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <PageTitle
        title={[data ? `Custody of ${data.sampleNumber}` : 'Sample custody']}
        breadcrumbs={[
          { label: 'Scan waste barcode', to: '/tools/scanwastebarcode' },
          { label: data?.sampleNumber ?? 'Sample' },
        ]}
      >
        {data ? `Custody of sample ${data.sampleNumber}` : 'Sample custody'}
      </PageTitle>
      {custody.isLoading && <Skeleton active />}
      {custody.error && <ErrorPresenter error={custody.error} />}
      {data && (
        <>
          <Card title="Collection">
            {data.collection ? (
              <CollectionRecordView record={data.collection} tileUrl={data.tileUrl} />
            ) : (
              <Alert
                type="info"
                showIcon
                title="This sample was entered without a collection record (no photos or position). Collect samples with the collection app on a phone to record them."
              />
            )}
          </Card>
          <Card title="Chain of custody">
            <Typography.Paragraph type="secondary">
              Each step is kept in the audit log&apos;s hash chain: a changed or removed step fails the audit log&apos;s
              verification.
            </Typography.Paragraph>
            <CustodyTimeline events={data.events} />
          </Card>
        </>
      )}
    </Space>
  );
}
