import { Typography } from 'antd';

export function PageTitle({ children, extra }: { children: React.ReactNode; extra?: React.ReactNode }) {
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 12, marginBottom: 16, flexWrap: 'wrap' }}>
      <Typography.Title level={3} style={{ margin: 0, flex: 1 }}>
        {children}
      </Typography.Title>
      {extra}
    </div>
  );
}
