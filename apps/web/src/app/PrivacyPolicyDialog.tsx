// The footer's Privacy Policy dialog.
import { Button, Modal } from 'antd';
import { PrivacyPolicyText } from './AppFooter';

export default function PrivacyPolicyDialog({ onClose }: { onClose: () => void }) {
  return (
    <Modal title="Privacy Policy" open onCancel={onClose} footer={<Button onClick={onClose}>Close</Button>}>
      <PrivacyPolicyText />
    </Modal>
  );
}
