import { useState } from 'react';
import { Alert, Form, Input, Modal } from 'antd';
import { Messages } from '@registry/contracts';

export interface ConfirmByTypingDialogProps {
  open: boolean;
  title: string;
  /** What the user is asked to do, e.g. "Type the user name jdoe to delete this admin." */
  prompt: React.ReactNode;
  expectedText: string;
  mismatchMessage?: string;
  okText?: string;
  danger?: boolean;
  onConfirm: () => void | Promise<void>;
  onCancel: () => void;
}

/** Guards destructive actions: the OK button only proceeds when the typed text matches exactly. */
export function ConfirmByTypingDialog({
  open,
  title,
  prompt,
  expectedText,
  mismatchMessage = Messages.invalidConfirmationText,
  okText = 'Confirm',
  danger = true,
  onConfirm,
  onCancel,
}: ConfirmByTypingDialogProps) {
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (typed.trim() !== expectedText) {
      setError(mismatchMessage);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      okButtonProps={{ danger }}
      confirmLoading={busy}
      onOk={() => void submit()}
      onCancel={onCancel}
      afterClose={() => {
        setTyped('');
        setError(null);
      }}
      destroyOnHidden
    >
      <div style={{ marginBottom: 12 }}>{prompt}</div>
      <Form layout="vertical" onFinish={() => void submit()}>
        <Form.Item label="Confirmation text" htmlFor="confirm-by-typing">
          <Input
            id="confirm-by-typing"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            autoComplete="off"
            autoFocus
          />
        </Form.Item>
      </Form>
      {error && <Alert type="error" showIcon title={error} />}
    </Modal>
  );
}
