import { lazy, Suspense, useState } from 'react';
import { Button } from 'antd';
import { BRAND_NAME, PRODUCT_VERSION } from './brand';

// The dialog (antd's Modal) loads on first open, which keeps it off the login page.
const PrivacyPolicyDialog = lazy(() => import('./PrivacyPolicyDialog'));

const YEAR = new Date().getFullYear();

export function PrivacyPolicyText() {
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

export function AppFooter() {
  const [open, setOpen] = useState(false);
  return (
    <footer className="app-footer">
      <span title={`Build ${__APP_VERSION__}`}>
        © {YEAR} {BRAND_NAME} {PRODUCT_VERSION}
      </span>
      <Button type="link" onClick={() => setOpen(true)}>
        Privacy Policy
      </Button>
      {open && (
        <Suspense fallback={null}>
          <PrivacyPolicyDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </footer>
  );
}
