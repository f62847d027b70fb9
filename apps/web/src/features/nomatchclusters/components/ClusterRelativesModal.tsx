// "Possible relatives of this unknown dog": the cluster's representative waste profile ranked against the registered
// dogs as possible parents or offspring and possible full siblings, read when opened.
import { Modal, Spin, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { ErrorPresenter } from '../../../components/ErrorPresenter';
import { RelativesGroups } from '../../../components/RelativesGroups';
import { clusterRelativesQuery } from '../nomatchclusters.api';

export function ClusterRelativesModal({ clusterId, onClose }: { clusterId: number | null; onClose: () => void }) {
  const answer = useQuery({ ...clusterRelativesQuery(clusterId ?? 0), enabled: clusterId !== null, retry: false });
  const data = answer.data;
  return (
    <Modal
      open={clusterId !== null}
      title={`Possible relatives of this unknown dog (cluster ${clusterId ?? ''})`}
      onCancel={onClose}
      footer={null}
      width={820}
    >
      <ErrorPresenter error={answer.error} />
      {answer.isLoading && <Spin />}
      {data && (
        <>
          <Typography.Paragraph>
            Compared from waste sample {data.sampleNumber} ({data.calledMarkers} markers called).
          </Typography.Paragraph>
          <RelativesGroups data={data} />
        </>
      )}
    </Modal>
  );
}
