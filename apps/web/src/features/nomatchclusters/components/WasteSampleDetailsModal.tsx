// The waste sample details modal of the no-match clusters tool: the sample as received, read when opened.
import { Descriptions, Modal, Spin, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { collectionDateText, sampleStatusWords, wasteSampleEndpoints } from '@registry/contracts';
import { callApi } from '../../../lib/client';
import { ErrorPresenter } from '../../../components/ErrorPresenter';
import { showDate } from '../../../components/labTime';

const statusName = (value: number) => sampleStatusWords(value);
const day = (text: string | null) => (text ? showDate(text) : '');

export function WasteSampleDetailsModal({ sampleId, onClose }: { sampleId: number | null; onClose: () => void }) {
  const details = useQuery({
    queryKey: ['wastesamples', 'details', sampleId],
    queryFn: () => callApi(wasteSampleEndpoints.details, { query: { wasteSampleId: sampleId! } }),
    enabled: sampleId !== null,
  });
  const s = details.data;
  return (
    <Modal open={sampleId !== null} title="Waste sample details" onCancel={onClose} footer={null} width={640}>
      <ErrorPresenter error={details.error} />
      {details.isLoading && <Spin />}
      {s && (
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label="Sample number">{s.sampleNumber}</Descriptions.Item>
          <Descriptions.Item label="Property">{s.propertyCollectedFromName ?? ''}</Descriptions.Item>
          <Descriptions.Item label="Status">{statusName(s.customerFacingStatus)}</Descriptions.Item>
          <Descriptions.Item label="Collected by">{s.collectedByName ?? ''}</Descriptions.Item>
          <Descriptions.Item label="Date collected">{collectionDateText(s.dateCollected)}</Descriptions.Item>
          <Descriptions.Item label="Date received">{day(s.dateReceived)}</Descriptions.Item>
          <Descriptions.Item label="Collection location">{s.collectionLocationNotes ?? ''}</Descriptions.Item>
          <Descriptions.Item label="Lab notes">{s.bioPetNotes ?? ''}</Descriptions.Item>
          <Descriptions.Item label="Flagged">
            {s.isFlagged ? <Tag color="red">{s.flagNotes || 'Flagged'}</Tag> : 'No'}
          </Descriptions.Item>
        </Descriptions>
      )}
    </Modal>
  );
}
