// The decision on a disputed or appealed notice: uphold, reduce (to a lower amount) or waive, with notes.
import { MaxLengthInput } from '../../../components/MaxLengthInput';
import { Form, InputNumber, Modal, Radio } from 'antd';
import { useErrorDialog } from '../../../components/ErrorPresenter';
import type { Decision } from '../violations.api';

type Values = { decision: Decision['decision']; amount?: number; notes: string };

export function DecisionModal({
  open,
  title,
  onClose,
  onDecide,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  onDecide: (decision: Decision) => Promise<unknown>;
}) {
  const [form] = Form.useForm<Values>();
  const showError = useErrorDialog();
  const decision = Form.useWatch('decision', form);
  const onOk = async () => {
    const v = await form.validateFields();
    try {
      await onDecide({
        decision: v.decision,
        notes: v.notes,
        amount: v.decision === 'Reduce' && v.amount !== undefined ? Math.round(v.amount * 100) : null,
      });
      form.resetFields();
      onClose();
    } catch (error) {
      showError(error);
    }
  };
  return (
    <Modal open={open} title={title} okText="Save decision" onOk={onOk} onCancel={onClose} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={{ decision: 'Uphold' }}>
        <Form.Item name="decision" label="Decision">
          <Radio.Group
            options={[
              { value: 'Uphold', label: 'Uphold' },
              { value: 'Reduce', label: 'Reduce' },
              { value: 'Waive', label: 'Waive' },
            ]}
          />
        </Form.Item>
        {decision === 'Reduce' && (
          <Form.Item name="amount" label="New amount" rules={[{ required: true }]}>
            <InputNumber min={0} precision={2} prefix="$" style={{ width: '100%' }} />
          </Form.Item>
        )}
        <Form.Item name="notes" label="Notes" rules={[{ required: true, whitespace: true }]}>
          <MaxLengthInput multiline rows={3} maxLength={2000} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
