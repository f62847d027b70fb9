// One image upload with a progress bar (a group's certificate logo, a dog's photo): the client-side file check first,
// one file at a time (a newer one replaces the older), the server's refusal in an Error dialog.
import { useState } from 'react';
import { App, Button, Progress, Typography, Upload, type UploadProps } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { ErrorList } from './ErrorPresenter';

type UploadState = 'uploading' | 'done' | 'Upload Failed';

export function ImageUpload({
  buttonLabel,
  fileProblem,
  send,
  successMessage,
  onUploaded,
  showFileName = false,
}: {
  buttonLabel: string;
  /** The message that refuses a file before it is sent, or null. */
  fileProblem: (file: { size: number; type: string }) => string | null;
  send: (form: FormData, onProgress: (percent: number) => void) => Promise<unknown>;
  successMessage: string;
  onUploaded: () => void;
  showFileName?: boolean;
}) {
  const { modal, message } = App.useApp();
  const [percent, setPercent] = useState(0);
  const [state, setState] = useState<UploadState | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);

  const customRequest: UploadProps['customRequest'] = ({ file }) => {
    const form = new FormData();
    form.append('file', file as Blob);
    setState('uploading');
    setPercent(0);
    setFileName((file as File).name);
    send(form, setPercent).then(
      () => {
        setState('done');
        void message.success(successMessage);
        onUploaded();
      },
      (error: unknown) => {
        setState('Upload Failed');
        modal.error({ title: 'Error', content: <ErrorList error={error} /> });
      },
    );
  };

  return (
    <>
      <Upload
        accept="image/*"
        maxCount={1}
        showUploadList={false}
        beforeUpload={(file) => {
          const problem = fileProblem(file);
          if (problem) {
            modal.error({ title: 'Error', content: problem });
            return Upload.LIST_IGNORE;
          }
          return true;
        }}
        customRequest={customRequest}
      >
        <Button icon={<UploadOutlined />}>{buttonLabel}</Button>
      </Upload>
      {state && (
        <div style={{ marginTop: 8 }} aria-live="polite">
          {showFileName && <Typography.Text>{fileName}</Typography.Text>}
          <Progress
            percent={percent}
            status={state === 'Upload Failed' ? 'exception' : state === 'done' ? 'success' : 'active'}
            aria-label="Upload progress"
          />
          {state === 'Upload Failed' && <Typography.Text type="danger">Upload Failed</Typography.Text>}
        </div>
      )}
    </>
  );
}
