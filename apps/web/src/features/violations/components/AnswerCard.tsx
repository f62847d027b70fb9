// The owner's written answer to a notice: a dispute (before the response date; it stops the clock; an optional photo
// goes with it) or the one appeal of a decision.
import { useState } from 'react';
import { App, Button, Card, Form, Typography, Upload } from 'antd';
import { MaxLengthInput } from '../../../components/MaxLengthInput';
import { UploadOutlined } from '@ant-design/icons';
import { uploads } from '@registry/contracts/uploads';
import { useErrorDialog } from '../../../components/ErrorPresenter';

const PHOTO = uploads.disputePhoto;

/** The same checks the server makes first: the kind the browser reports and the size. */
function photoProblem(file: { size: number; type: string }): string | null {
  if (!(PHOTO.contentTypes as readonly string[]).includes(file.type)) return 'Choose a JPEG or PNG photo.';
  return file.size > PHOTO.maxFileBytes ? PHOTO.tooLarge : null;
}

export function AnswerCard({
  title,
  intro,
  button,
  withPhoto = false,
  onSend,
}: {
  title: string;
  intro: string;
  button: string;
  /** Offer an optional photo (a dispute). */
  withPhoto?: boolean;
  onSend: (reason: string, photo: File | null) => Promise<{ message: string }>;
}) {
  const [form] = Form.useForm<{ reason: string }>();
  const [photo, setPhoto] = useState<File | null>(null);
  const { message, modal } = App.useApp();
  const showError = useErrorDialog();
  const onFinish = async ({ reason }: { reason: string }) => {
    try {
      void message.success((await onSend(reason, photo)).message);
      form.resetFields();
      setPhoto(null);
    } catch (error) {
      showError(error);
    }
  };
  return (
    <Card title={title} style={{ marginBottom: 16 }}>
      <Typography.Paragraph>{intro}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={onFinish}>
        <Form.Item name="reason" label="Reason" rules={[{ required: true, whitespace: true }]}>
          <MaxLengthInput multiline rows={3} maxLength={2000} />
        </Form.Item>
        {withPhoto && (
          <Form.Item
            label="Photo (optional)"
            htmlFor="answer-photo"
            extra="A JPEG or PNG photo that supports your dispute, under 4 MB."
          >
            <Upload
              id="answer-photo"
              accept={PHOTO.contentTypes.join(',')}
              maxCount={1}
              fileList={photo ? [{ uid: 'photo', name: photo.name, status: 'done' }] : []}
              onRemove={() => setPhoto(null)}
              beforeUpload={(file) => {
                const problem = photoProblem(file);
                if (problem) void modal.error({ title: 'Error', content: problem });
                else setPhoto(file);
                return false;
              }}
            >
              <Button icon={<UploadOutlined />}>Choose photo</Button>
            </Upload>
          </Form.Item>
        )}
        <Button htmlType="submit">{button}</Button>
      </Form>
    </Card>
  );
}
