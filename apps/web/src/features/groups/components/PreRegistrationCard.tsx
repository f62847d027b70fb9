import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Space, Typography } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { isBuiltPage } from '../../../app/builtPages';
import { QrCode } from '../../../components/QrCode';
import { ErrorPresenter } from '../../../components/ErrorPresenter';
import { preRegLinkQuery } from '../groups.api';

/** A property's pre-registration code and link, with a copy button and a QR code. */
export function PreRegistrationCard({ groupId }: { groupId: number }) {
  const query = useQuery(preRegLinkQuery(groupId));
  const { message } = App.useApp();
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
  return (
    <Card title="Pre-registration link" size="small" loading={query.isLoading}>
      <ErrorPresenter error={query.error} />
      {query.data && !isBuiltPage(query.data.link) && (
        // The resident pre-registration page is not built yet: the code is shown, the link to it is not.
        <Descriptions column={1} size="small">
          <Descriptions.Item label="Code">
            <Typography.Text code>{query.data.code}</Typography.Text>
          </Descriptions.Item>
        </Descriptions>
      )}
      {query.data && isBuiltPage(query.data.link) && (
        <Space align="start" wrap size="large">
          <Descriptions column={1} size="small">
            <Descriptions.Item label="Code">
              <Typography.Text code>{query.data.code}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label="Link">
              <Typography.Link href={query.data.link} target="_blank" rel="noreferrer">
                {query.data.link}
              </Typography.Link>
            </Descriptions.Item>
            <Descriptions.Item label="Copy">
              <Button size="small" icon={<CopyOutlined />} onClick={() => void copy()}>
                Copy link
              </Button>
            </Descriptions.Item>
          </Descriptions>
          <QrCode value={query.data.link} size={140} alt="Pre-registration QR code" />
        </Space>
      )}
    </Card>
  );
}
