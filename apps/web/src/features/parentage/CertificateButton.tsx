// The proof-of-parentage certificate button of the parentage screens and the dog's page: it fetches the PDF with the
// bearer token and opens it in a new window (an object URL), or shows the server's refusal.
import { Button } from 'antd';
import type { ButtonProps } from 'antd';
import { useErrorDialog } from '../../components/ErrorPresenter';
import { fetchCertificate, type CertificateQuery } from './parentage.api';

/** Opens the certificate in a new window (opened at the click, so that pop-up blockers let it through). */
function useOpenCertificate() {
  const showError = useErrorDialog();
  return async (query: CertificateQuery) => {
    const tab = window.open('', '_blank');
    try {
      const url = URL.createObjectURL(await fetchCertificate(query));
      if (tab) tab.location.href = url;
      else window.location.assign(url);
    } catch (e) {
      tab?.close();
      showError(e);
    }
  };
}

export function CertificateButton({
  query,
  children = 'Certificate',
  ...props
}: { query: CertificateQuery } & Omit<ButtonProps, 'onClick'>) {
  const open = useOpenCertificate();
  return (
    <Button {...props} onClick={() => void open(query)}>
      {children}
    </Button>
  );
}
