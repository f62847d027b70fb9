import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Space, Typography } from 'antd';
import { CopyOutlined, PrinterOutlined } from '@ant-design/icons';
import { QrCode } from '../../../components/QrCode';
import { ErrorPresenter, useErrorDialog } from '../../../components/ErrorPresenter';
import { fetchPreRegFlyer, preRegLinkQuery } from '../groups.api';

/**
 * A property's pre-registration code and link (BASE_URL/reg/{code}), with a copy button, a QR code and a printable
 * flyer. The link is the configured public address, shown whatever address this browser uses (a LAN, a proxy).
 */
export function PreRegistrationCard({ groupId }: { groupId: number }) {
  const query = useQuery(preRegLinkQuery(groupId));
  const { message } = App.useApp();
  const showError = useErrorDialog();
  const link = query.data?.link;
  const copy = async () => {
    if (!link) return;
    try {
      await navigator.clipboard.writeText(link);
      void message.success('Link copied.');
    } catch {
      void message.error('Could not copy the link.');
    }
  };
  const openFlyer = async () => {
    // The tab opens on the click (pop-up blockers allow that), then receives the PDF.
    const tab = window.open('', '_blank');
    try {
      const url = URL.createObjectURL(await fetchPreRegFlyer(groupId));
      if (tab) tab.location.href = url;
      else window.location.assign(url);
    } catch (error) {
      tab?.close();
      showError(error);
    }
  };
  return (
    <Card title="Pre-registration link" size="small" loading={query.isLoading}>
      <ErrorPresenter error={query.error} />
      {query.data && (
        <Space align="start" wrap size="large">
          <Descriptions column={1} size="small">
            <Descriptions.Item label="Code">
              <Typography.Text code>{query.data.code}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label="Link">
              <Typography.Link href={query.data.link} target="_blank" rel="noreferrer" data-testid="prereg-link">
                {query.data.link}
              </Typography.Link>
            </Descriptions.Item>
            <Descriptions.Item label="Share">
              <Space wrap>
                <Button size="small" icon={<CopyOutlined />} onClick={() => void copy()}>
                  Copy link
                </Button>
                <Button size="small" icon={<PrinterOutlined />} onClick={() => void openFlyer()}>
                  Printable flyer
                </Button>
              </Space>
            </Descriptions.Item>
          </Descriptions>
          <QrCode value={query.data.link} size={140} alt="Pre-registration QR code" />
        </Space>
      )}
    </Card>
  );
}
