// The header's bell: the unread count, kept current by the live stream, and the recent-notifications dropdown, which
// marks them viewed when it opens. Clicking one goes where its type leads (spec 3 §2).
import { useCallback, useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Badge, Button, Empty, List, Popover, Typography } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { notificationPath } from './notificationLinks';
import { recentNotificationsQuery, useMarkNotificationsViewed, type Notification } from './notifications.api';
import { useNotificationStream } from './notificationStream';
import { showDateTime } from '../../components/labTime';

const when = (iso: string) => showDateTime(iso);

function RecentList({ items, onPick }: { items: Notification[]; onPick: (n: Notification) => void }) {
  if (items.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No notifications" />;
  return (
    <List
      size="small"
      dataSource={items}
      renderItem={(n) => (
        <List.Item style={{ paddingInline: 0 }}>
          <Button
            type="text"
            block
            onClick={() => onPick(n)}
            style={{ height: 'auto', textAlign: 'start', whiteSpace: 'normal', fontWeight: n.isViewed ? 400 : 600 }}
          >
            <span style={{ display: 'block' }}>{n.message}</span>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {when(n.dateCreated)}
            </Typography.Text>
          </Button>
        </List.Item>
      )}
    />
  );
}

export function NotificationBell() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const recent = useQuery(recentNotificationsQuery());
  const markViewed = useMarkNotificationsViewed();
  useNotificationStream(
    true,
    useCallback(() => undefined, []),
  );
  const unread = recent.data?.unreadCount ?? 0;
  const pick = (n: Notification) => {
    setOpen(false);
    const path = notificationPath(n);
    if (path) void navigate({ href: path });
  };
  return (
    <Popover
      open={open}
      trigger="click"
      placement="bottomRight"
      arrow={false}
      onOpenChange={(next) => {
        setOpen(next);
        if (next && unread > 0) markViewed.mutate();
      }}
      content={
        <div
          role="dialog"
          aria-label="Recent notifications"
          style={{ width: 'min(360px, 90vw)', maxHeight: 420, overflowY: 'auto' }}
        >
          <Typography.Text strong>Notifications</Typography.Text>
          <RecentList items={recent.data?.data ?? []} onPick={pick} />
          <Link to="/notifications" onClick={() => setOpen(false)}>
            View all notifications
          </Link>
        </div>
      }
    >
      <Button
        type="text"
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
        style={{ color: 'inherit' }}
        icon={
          <Badge count={unread} size="small" offset={[4, -2]}>
            <BellOutlined style={{ color: 'inherit', fontSize: 18 }} />
          </Badge>
        }
      />
    </Popover>
  );
}
