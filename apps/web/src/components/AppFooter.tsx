import { lazy, Suspense, useState } from 'react';
import { Button } from 'antd';
import { BRAND_NAME, PRODUCT_VERSION } from '../lib/brand';

// The dialog (antd's Modal) loads on first open, which keeps it off the login page.
const PrivacyPolicyDialog = lazy(() => import('./PrivacyPolicyDialog'));

const YEAR = new Date().getFullYear();

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
