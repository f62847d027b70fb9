// The owner's written answer to a notice: a dispute (before the response date; it stops the clock) or the one appeal of
// a decision.
import { MaxLengthInput } from '../../../components/MaxLengthInput';
import { App, Button, Card, Form, Typography } from 'antd';
import { useErrorDialog } from '../../../components/ErrorPresenter';

export function AnswerCard({
  title,
  intro,
  button,
  onSend,
}: {
  title: string;
  intro: string;
  button: string;
  onSend: (reason: string) => Promise<{ message: string }>;
}) {
  const [form] = Form.useForm<{ reason: string }>();
  const { message } = App.useApp();
  const showError = useErrorDialog();
  const onFinish = async ({ reason }: { reason: string }) => {
    try {
      void message.success((await onSend(reason)).message);
      form.resetFields();
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
        <Button htmlType="submit">{button}</Button>
      </Form>
    </Card>
  );
}
