// The 'Update Available' question. A plain Modal rather than Modal.confirm, which also renders a hidden second copy of
// the title that makes text lookups ambiguous.
import { Button, Modal } from 'antd';
import { updatePromptStore } from './updatePrompt';

export default function UpdatePromptDialog() {
  return (
    <Modal
      open
      title="Update Available"
      closable={false}
      mask={{ closable: false }}
      onCancel={() => updatePromptStore.answer(false)}
      footer={[
        <Button key="later" onClick={() => updatePromptStore.answer(false)}>
          Later
        </Button>,
        <Button key="reload" type="primary" onClick={() => updatePromptStore.answer(true)}>
          Reload
        </Button>,
      ]}
    >
      A new version of the application is available. Reload now to use it?
    </Modal>
  );
}
