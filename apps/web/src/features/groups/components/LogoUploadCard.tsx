import { useState } from 'react';
import { App, Button, Card, Image, Progress, Typography, Upload, type UploadProps } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Messages, groupEndpoints } from '@registry/contracts';
import { ApiError } from '../../../app/api';
import { endpointUrl } from '../../../app/client';
import { getToken } from '../../../app/tokenStorage';
import { ErrorList } from '../../../components/ErrorPresenter';
import { groupKeys, type GroupDetails } from '../groups.api';

/** Spec 2 §9: logos are images of at most 2,000,000 bytes. */
export const LOGO_MAX_BYTES = 2_000_000;

/** The client-side logo check (spec 2 §5): the message to show, or null when the file may be sent. */
export function logoFileProblem(file: { size: number; type: string }): string | null {
  if (file.size > LOGO_MAX_BYTES) return Messages.logoTooLarge;
  if (!file.type.toLowerCase().startsWith('image')) return Messages.logoNotImage;
  return null;
}

/** Certificate logo upload with a progress bar (one file kept: a newer one replaces the older). */
export function LogoUploadCard({ group }: { group: GroupDetails }) {
  const { modal, message } = App.useApp();
  const qc = useQueryClient();
  const [percent, setPercent] = useState<number | null>(null);
  const [status, setStatus] = useState<'uploading' | 'done' | 'Upload Failed' | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);

  const customRequest: UploadProps['customRequest'] = ({ file }) => {
    const xhr = new XMLHttpRequest();
    const data = new FormData();
    data.append('file', file as Blob);
    xhr.open('POST', endpointUrl(groupEndpoints.uploadLogo, { params: { groupId: group.id } }));
    const token = getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('x-ng-request', 'true');
    xhr.upload.onprogress = (e) => e.lengthComputable && setPercent(Math.round((e.loaded * 100) / e.total));
    const fail = (body: unknown) => {
      setStatus('Upload Failed');
      modal.error({ title: 'Error', content: <ErrorList error={new ApiError(xhr.status, body, 'Upload Failed')} /> });
    };
    xhr.onload = () => {
      let body: unknown = xhr.responseText;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        /* plain text answer */
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        setPercent(100);
        setStatus('done');
        void message.success(Messages.logoUploaded);
        void qc.invalidateQueries({ queryKey: groupKeys.detail(group.id) });
      } else fail(body);
    };
    xhr.onerror = () => fail('Upload Failed');
    setStatus('uploading');
    setPercent(0);
    setFileName((file as File).name);
    xhr.send(data);
  };

  return (
    <Card title="Certificate logo" size="small">
      {group.logoUrl && (
        <div style={{ marginBottom: 12 }}>
          <Image src={group.logoUrl} alt="Certificate logo" height={80} />
        </div>
      )}
      <Upload
        accept="image/*"
        maxCount={1}
        showUploadList={false}
        beforeUpload={(file) => {
          const problem = logoFileProblem(file);
          if (problem) {
            modal.error({ title: 'Error', content: problem });
            return Upload.LIST_IGNORE;
          }
          return true;
        }}
        customRequest={customRequest}
      >
        <Button icon={<UploadOutlined />}>Upload logo</Button>
      </Upload>
      {status && (
        <div style={{ marginTop: 12 }} aria-live="polite">
          <Typography.Text>{fileName}</Typography.Text>
          <Progress
            percent={percent ?? 0}
            status={status === 'Upload Failed' ? 'exception' : status === 'done' ? 'success' : 'active'}
            aria-label="Upload progress"
          />
          {status === 'Upload Failed' && <Typography.Text type="danger">Upload Failed</Typography.Text>}
        </div>
      )}
    </Card>
  );
}
