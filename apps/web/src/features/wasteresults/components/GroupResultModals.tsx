// The modals of the waste results under a group: the waste sample details with its history, and the flag notes.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Form, Modal, Space, Table, Tag } from 'antd';
import {
  FLAG_NOTES_MAX,
  SampleMessages,
  collectionDateText,
  type SampleHistoryEntry,
  type WasteSampleView,
} from '@registry/contracts';
import { ErrorPresenter } from '../../../components/ErrorPresenter';
import { MaxLengthInput } from '../../../components/MaxLengthInput';
import { statusLabel } from '../../pets/petLabels';
import { wasteSampleDetailsQuery, wasteSampleHistoryQuery } from '../../wastesamples/wastesamples.api';
import { showDateTime } from '../../../components/labTime';
import { WasteSampleEditForm, WasteSampleStatusActions } from './WasteSampleControls';

const when = (d: string | null) => (d ? showDateTime(d) : '—');

/**
 * The waste sample details modal (spec 2 §2 Modals): the sample, its flag and its history; callers with the rights
 * change its status and edit it here, and `onUpdated` hands the stored sample back to the list (spec 2 §4).
 */
export function WasteSampleDetailsModal({
  sample,
  onClose,
  onUpdated,
}: {
  sample: { wasteSampleId: number; sampleNumber: string } | null;
  onClose: () => void;
  onUpdated?: (sample: WasteSampleView) => void;
}) {
  const details = useQuery({ ...wasteSampleDetailsQuery(sample?.wasteSampleId ?? 0), enabled: sample !== null });
  const history = useQuery({ ...wasteSampleHistoryQuery(sample?.sampleNumber ?? ''), enabled: sample !== null });
  const d = details.data;
  return (
    <Modal
      open={sample !== null}
      title={`Waste sample ${sample?.sampleNumber ?? ''}`}
      width={800}
      footer={null}
      onCancel={onClose}
    >
      <ErrorPresenter error={details.error ?? history.error} />
      {d && (
        <Descriptions size="small" column={{ xs: 1, md: 2 }} bordered>
          <Descriptions.Item label="Sample number">{d.sampleNumber}</Descriptions.Item>
          <Descriptions.Item label="Property">{d.propertyCollectedFromName ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="Status">{statusLabel(d.customerFacingStatus)}</Descriptions.Item>
          <Descriptions.Item label="Collected">{collectionDateText(d.dateCollected) || '—'}</Descriptions.Item>
          <Descriptions.Item label="Collected by">{d.collectedByName ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="Location notes">{d.collectionLocationNotes ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="Received">{when(d.dateReceived)}</Descriptions.Item>
          <Descriptions.Item label="Flagged">
            {d.isFlagged ? <Tag color="red">Flagged</Tag> : 'No'}
            {d.isFlagged && d.flagNotes ? ` ${d.flagNotes}` : ''}
          </Descriptions.Item>
        </Descriptions>
      )}
      {d && (
        <Space direction="vertical" style={{ marginTop: 12, width: '100%' }}>
          <WasteSampleStatusActions sample={d} onChanged={onUpdated} />
          <WasteSampleEditForm key={`${d.sampleId}-${d.dateCollected}`} sample={d} onSaved={onUpdated} />
        </Space>
      )}
      <Table<SampleHistoryEntry>
        style={{ marginTop: 16 }}
        size="small"
        rowKey="id"
        loading={history.isFetching}
        pagination={false}
        scroll={{ x: true, y: 300 }}
        dataSource={history.data ?? []}
        columns={[
          { title: 'Date', dataIndex: 'changedAt', render: when },
          { title: 'Action', dataIndex: 'action' },
          {
            title: 'Status',
            key: 'status',
            render: (_: unknown, h) => (h.toStatus === null ? '' : statusLabel(h.toStatus)),
          },
          { title: 'Notes', dataIndex: 'notes' },
          { title: 'By', dataIndex: 'changedByName' },
        ]}
      />
    </Modal>
  );
}

/** Flag notes (at most 250 characters, spec 2 §5) before flagging a sample. */
export function FlagNotesModal({
  sampleNumber,
  busy,
  error,
  onFlag,
  onCancel,
}: {
  sampleNumber: string | null;
  busy: boolean;
  error: unknown;
  onFlag: (notes: string) => void;
  onCancel: () => void;
}) {
  const [notes, setNotes] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <Modal
      open={sampleNumber !== null}
      title={`Flag ${sampleNumber ?? ''}`}
      okText="Flag"
      confirmLoading={busy}
      onCancel={onCancel}
      afterClose={() => (setNotes(''), setProblem(null))}
      onOk={() => {
        if (notes.length > FLAG_NOTES_MAX) return setProblem(SampleMessages.flagNotesTooLong);
        onFlag(notes);
      }}
    >
      {problem && <Alert type="error" showIcon message={problem} style={{ marginBottom: 12 }} />}
      <ErrorPresenter error={error} />
      <Form layout="vertical">
        <Form.Item label="Notes" htmlFor="flag-notes">
          <MaxLengthInput
            id="flag-notes"
            multiline
            rows={3}
            maxLength={FLAG_NOTES_MAX}
            value={notes}
            onChange={setNotes}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
