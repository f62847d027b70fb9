import { useNavigate } from '@tanstack/react-router';
import { App, Button, Card, Popconfirm, Space } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { Messages } from '@registry/contracts/messages';
import { PageTitle } from '../../components/PageTitle';
import { UrlTable } from '../../components/UrlTable';
import { useErrorDialog } from '../../components/ErrorPresenter';
import { notificationPath } from './notificationLinks';
import {
  fetchNotifications,
  notificationKeys,
  useDeleteAllNotifications,
  useDeleteNotification,
  type Notification,
} from './notifications.api';
import { notificationsSearch } from './notifications.search';
import { showDateTime } from '../../components/labTime';

const TYPE_LABELS: Record<Notification['type'], string> = {
  PooPrintsMatchResult: 'Match result',
  WasteSample: 'Waste sample',
  Pet: 'Pet',
  Group: 'Group',
};

/** The caller's notifications (spec 3 /notifications): open one, delete one, delete all. */
export function NotificationsPage() {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const showError = useErrorDialog();
  const deleteOne = useDeleteNotification();
  const deleteAll = useDeleteAllNotifications();
  const open = (n: Notification) => {
    const path = notificationPath(n);
    if (path) void navigate({ href: path });
  };
  return (
    <>
      <PageTitle
        extra={
          <Popconfirm
            title="Delete all notifications?"
            okText="Delete all"
            onConfirm={() =>
              deleteAll.mutate(undefined, {
                onSuccess: (answer) => void message.success(answer.message),
                onError: (error) => showError(error),
              })
            }
          >
            <Button danger icon={<DeleteOutlined />} loading={deleteAll.isPending}>
              Delete all
            </Button>
          </Popconfirm>
        }
      >
        Notifications
      </PageTitle>
      <Card>
        <UrlTable<Notification, typeof notificationsSearch>
          empty={{
            text: 'No notifications. You will find here what the registry tells you about your samples, results and orders.',
          }}
          rowKey="id"
          searchSchema={notificationsSearch}
          queryKey={(p) => notificationKeys.list(p.page, p.pageSize)}
          queryFn={(p) => fetchNotifications(p.page, p.pageSize)}
          columns={[
            {
              title: 'Notification',
              dataIndex: 'message',
              // The message wraps (cell-long): on a phone it stays whole beside the pinned Delete instead of running
              // under it ('Waste sample TD0200006:' and the rest hidden).
              render: (text: string, n) => (
                <div className="cell-long">
                  {notificationPath(n) ? (
                    <Button
                      type="link"
                      style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'start' }}
                      onClick={() => open(n)}
                    >
                      {text}
                    </Button>
                  ) : (
                    text
                  )}
                </div>
              ),
            },
            { title: 'Type', dataIndex: 'type', render: (type: Notification['type']) => TYPE_LABELS[type] },
            { title: 'Date', dataIndex: 'dateCreated', render: (v: string) => showDateTime(v) },
            {
              title: 'Actions',
              key: 'actions',
              render: (_v, n) => (
                <Space>
                  <Button
                    size="small"
                    danger
                    aria-label={`Delete notification: ${n.message}`}
                    icon={<DeleteOutlined />}
                    onClick={() =>
                      deleteOne.mutate(n.id, {
                        onSuccess: () => void message.success(Messages.notificationDeleted),
                        onError: (error) => showError(error),
                      })
                    }
                  >
                    Delete
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      </Card>
    </>
  );
}
