import { Card, Layout, Typography } from 'antd';
import { AppFooter } from './AppFooter';
import { BRAND_NAME, PRODUCT_VERSION } from './brand';

/** Frame for the signed-out screens: brand, one centred card, the footer. */
export function AnonLayout({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Content className="anon-content">
        <Typography.Title level={2} className="anon-brand">
          {BRAND_NAME} <span className="app-version">{PRODUCT_VERSION}</span>
        </Typography.Title>
        <Card title={<h1 className="anon-card-title">{title}</h1>} className="anon-card">
          {children}
        </Card>
      </Layout.Content>
      <AppFooter />
    </Layout>
  );
}
