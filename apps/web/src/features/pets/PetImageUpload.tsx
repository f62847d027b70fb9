import { useState } from 'react';
import { App, Button, Image, Progress, Typography, Upload, type UploadProps } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { PetMessages, petEndpoints } from '@registry/contracts';
import { ApiError } from '../../app/api';
import { endpointUrl } from '../../app/client';
import { getToken } from '../../app/tokenStorage';
import { ErrorList } from '../../components/ErrorPresenter';
import { petKeys, type PetView } from './pets.api';

/** Spec 3 §5: pet images are images under 4,000,000 bytes. */
export const PET_IMAGE_MAX_BYTES = 4_000_000;

/** The client-side image check: the message to show, or null when the file may be sent. */
export function petImageProblem(file: { size: number; type: string }): string | null {
  if (file.size >= PET_IMAGE_MAX_BYTES) return PetMessages.imageTooLarge;
  if (!file.type.toLowerCase().startsWith('image')) return PetMessages.imageNotImage;
  return null;
}

/** The dog's photo with an upload that shows its progress (one file: a newer one replaces the older). */
export function PetImageUpload({ pet, canEdit }: { pet: PetView; canEdit: boolean }) {
  const { modal, message } = App.useApp();
  const qc = useQueryClient();
  const [percent, setPercent] = useState<number | null>(null);
  const [status, setStatus] = useState<'uploading' | 'done' | 'Upload Failed' | null>(null);

  const customRequest: UploadProps['customRequest'] = ({ file }) => {
    const xhr = new XMLHttpRequest();
    const data = new FormData();
    data.append('file', file as Blob);
    xhr.open('POST', endpointUrl(petEndpoints.uploadImage, { params: { petId: pet.id } }));
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
        void message.success(PetMessages.imageUploaded);
        void qc.invalidateQueries({ queryKey: petKeys.detail(pet.id) });
      } else fail(body);
    };
    xhr.onerror = () => fail('Upload Failed');
    setStatus('uploading');
    setPercent(0);
    xhr.send(data);
  };

  return (
    <div>
      {pet.imageUrl ? (
        <Image src={pet.imageUrl} alt={`Photo of ${pet.name}`} height={120} />
      ) : (
        <Typography.Text type="secondary">No photo yet.</Typography.Text>
      )}
      {canEdit && (
        <div style={{ marginTop: 8 }}>
          <Upload
            accept="image/*"
            maxCount={1}
            showUploadList={false}
            beforeUpload={(file) => {
              const problem = petImageProblem(file);
              if (problem) {
                modal.error({ title: 'Error', content: problem });
                return Upload.LIST_IGNORE;
              }
              return true;
            }}
            customRequest={customRequest}
          >
            <Button icon={<UploadOutlined />}>Upload image</Button>
          </Upload>
        </div>
      )}
      {status && (
        <div style={{ marginTop: 8 }} aria-live="polite">
          <Progress
            percent={percent ?? 0}
            status={status === 'Upload Failed' ? 'exception' : status === 'done' ? 'success' : 'active'}
            aria-label="Upload progress"
          />
          {status === 'Upload Failed' && <Typography.Text type="danger">Upload Failed</Typography.Text>}
        </div>
      )}
    </div>
  );
}
