// Move a no-match candidate to another cluster (spec 3 §2): an extra-large modal searching the eligible clusters by
// sample number (the search runs only once a number is entered; 10 a page), one cluster picked, optionally approving
// the candidate after the move.
import { useState } from 'react';
import { App, Checkbox, Form, Modal, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { ELIGIBLE_CLUSTERS_PAGE_SIZE, NO_MATCH_MESSAGES, eligibleClustersQuery } from '@registry/contracts';
import { ErrorPresenter } from '../../../components/ErrorPresenter';
import { UpdateOnEnterInput } from '../../../components/UpdateOnEnterInput';
import { fetchEligible, noMatchKeys, type Cluster, type ClusterCandidate } from '../nomatchclusters.api';
import { StatusTag } from './StatusTag';

export function MoveCandidateModal({
  candidate,
  onCancel,
  onMove,
}: {
  candidate: ClusterCandidate | null;
  onCancel: () => void;
  onMove: (destinationClusterId: number, approveAfterMove: boolean) => Promise<unknown>;
}) {
  const { message } = App.useApp();
  const [filter, setFilter] = useState('');
  const [page, setPage] = useState(1);
  const [chosen, setChosen] = useState<number | null>(null);
  const [approve, setApprove] = useState(false);
  const [busy, setBusy] = useState(false);
  const params = candidate
    ? {
        candidateClusterId: candidate.associatedClusterId,
        candidateDnaProfileId: candidate.associatedDnaProfileId,
        page,
        pageSize: ELIGIBLE_CLUSTERS_PAGE_SIZE,
        sampleNumberFilter: filter,
      }
    : null;
  const eligible = useQuery({
    queryKey: noMatchKeys.eligible(params ?? {}),
    queryFn: () => fetchEligible(params!),
    enabled: params !== null && filter.trim() !== '',
  });
  const close = () => {
    setFilter('');
    setPage(1);
    setChosen(null);
    setApprove(false);
    onCancel();
  };
  const submit = async () => {
    if (chosen === null) {
      void message.warning(NO_MATCH_MESSAGES.chooseCluster);
      return;
    }
    setBusy(true);
    try {
      await onMove(chosen, approve);
      close();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={candidate !== null}
      title={`Move ${candidate?.sampleNumber ?? ''} to another cluster`}
      width={1140}
      okText="Move"
      onOk={() => void submit()}
      confirmLoading={busy}
      onCancel={close}
    >
      <Form layout="inline" style={{ marginBottom: 12, rowGap: 8 }}>
        <Form.Item label="Sample number" htmlFor="move-samplenumber">
          <UpdateOnEnterInput
            id="move-samplenumber"
            allowClear
            schema={eligibleClustersQuery}
            field="sampleNumberFilter"
            value={filter}
            onCommit={(v) => {
              setFilter(v ?? '');
              setPage(1);
              setChosen(null);
            }}
            style={{ width: 180 }}
          />
        </Form.Item>
        <Form.Item>
          <Checkbox checked={approve} onChange={(e) => setApprove(e.target.checked)}>
            Approve after move
          </Checkbox>
        </Form.Item>
      </Form>
      <ErrorPresenter error={eligible.error} />
      {filter.trim() === '' ? (
        <Typography.Text type="secondary">Enter a sample number to find clusters.</Typography.Text>
      ) : (
        <Table<Cluster>
          size="small"
          rowKey="id"
          loading={eligible.isFetching}
          dataSource={eligible.data?.data ?? []}
          rowSelection={{
            type: 'radio',
            selectedRowKeys: chosen === null ? [] : [chosen],
            onChange: (keys) => setChosen(Number(keys[0])),
          }}
          pagination={{
            current: page,
            pageSize: ELIGIBLE_CLUSTERS_PAGE_SIZE,
            total: eligible.data?.totalRecords ?? 0,
            onChange: setPage,
          }}
          scroll={{ x: true }}
          columns={[
            { title: 'Cluster', dataIndex: 'id' },
            { title: 'Status', dataIndex: 'status', render: (s: number) => <StatusTag status={s} /> },
            {
              title: 'Samples',
              key: 'samples',
              render: (_: unknown, c) =>
                c.candidates.map((m) => (
                  <Tag key={m.associatedDnaProfileId} color={m.isFiltered ? 'blue' : undefined}>
                    {m.sampleNumber}
                  </Tag>
                )),
            },
            {
              title: 'Property',
              key: 'property',
              render: (_: unknown, c) =>
                [...new Set(c.candidates.map((m) => m.propertyCollectedFrom?.name ?? ''))].join(', '),
            },
          ]}
        />
      )}
    </Modal>
  );
}
