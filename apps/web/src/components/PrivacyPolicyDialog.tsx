// The footer's Privacy Policy dialog (loaded on first open, so its text stays off the login page).
import { Button, Modal } from 'antd';
import { BRAND_NAME } from '../lib/brand';

function PrivacyPolicyText() {
  return (
    <div className="privacy-text">
      <p>
        {BRAND_NAME} collects the information you give us when you register pets, submit DNA samples or buy products:
        your name, contact details, address and the details of your pets. DNA results are stored to provide the registry
        and matching service you or your property signed up for.
      </p>
      <p>
        We use your information only to run the service, to contact you about your samples, orders and account, and
        where the law requires it. We do not sell personal information. Property and management staff see the residents,
        pets and samples of the groups they administer.
      </p>
      <p>
        You may ask to see, correct or delete your personal information by contacting support. Sign-in sessions are kept
        in your browser&apos;s storage and end when you log out.
      </p>
    </div>
  );
}

export default function PrivacyPolicyDialog({ onClose }: { onClose: () => void }) {
  return (
    <Modal title="Privacy Policy" open onCancel={onClose} footer={<Button onClick={onClose}>Close</Button>}>
      <PrivacyPolicyText />
    </Modal>
  );
}
