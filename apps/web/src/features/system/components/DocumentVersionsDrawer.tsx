import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Drawer, List, Spin, Tag, Typography } from 'antd';
import { Messages } from '@registry/contracts';
import { HtmlPreview } from '../../../components/HtmlPreview';
import { showDateTime } from '../../../components/labTime';
import { documentQuery } from '../system.api';

export function DocumentVersionsDrawer({ documentId, onClose }: { documentId: number | null; onClose: () => void }) {
  const current = useQuery({ ...documentQuery(documentId ?? 0), enabled: documentId != null });
  const [versionId, setVersionId] = useState<number | undefined>(undefined);
  const version = useQuery({
    ...documentQuery(documentId ?? 0, versionId),
    enabled: documentId != null && versionId != null,
  });
  const shown = versionId != null ? version.data : current.data;
  const loadError = versionId != null ? version.error : current.error;

  return (
    <Drawer
      open={documentId != null}
      onClose={onClose}
      size={760}
      title={current.data ? `${current.data.name}: versions` : 'Document versions'}
    >
      <Spin spinning={current.isLoading}>
        <List
          size="small"
          bordered
          style={{ marginBottom: 16 }}
          dataSource={current.data?.versions ?? []}
          renderItem={(v) => {
            const active = (versionId ?? current.data?.versionId) === v.versionId;
            return (
              <List.Item
                onClick={() => setVersionId(v.versionId)}
                style={{ cursor: 'pointer', background: active ? '#e6f4ff' : undefined }}
                extra={v.versionId === current.data?.versionId ? <Tag color="green">Current</Tag> : null}
              >
                <button
                  type="button"
                  className="link-button"
                  aria-pressed={active}
                  onClick={() => setVersionId(v.versionId)}
                >
                  Version {v.version}
                </button>
                <Typography.Text type="secondary">
                  {showDateTime(v.dateCreated)}
                  {v.createdBy ? ` by ${v.createdBy}` : ''}
                </Typography.Text>
              </List.Item>
            );
          }}
        />
        {loadError ? (
          <Alert type="error" showIcon title={Messages.failedToLoadDocumentVersion} />
        ) : (
          <Spin spinning={version.isFetching}>
            {shown && <HtmlPreview title={`Version ${shown.version}`} html={shown.content} height={420} />}
          </Spin>
        )}
      </Spin>
    </Drawer>
  );
}
