// A group's webhooks (issue 42): subscriptions with their last delivery, create (the signing secret shown once), test
// ping, delete, and each subscription's delivery log with a replay per delivery.
import { MaxLengthInput } from '../../components/MaxLengthInput';
import { useState } from 'react';
import { Link, useParams } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Checkbox, Form, Modal, Space, Table, Tag, Typography } from 'antd';
import { WEBHOOK_EVENTS, WEBHOOK_EVENT_WORDS, WEBHOOK_URL_MAX, type WebhookEvent } from '@registry/contracts';
import { GroupFrame } from '../../components/GroupFrame';
import { ConfirmByTypingDialog } from '../../components/ConfirmByTypingDialog';
import { ErrorPresenter, useFormServerErrors } from '../../components/ErrorPresenter';
import { showDateTime } from '../../components/labTime';
import {
  deliveriesQuery,
  groupWebhooksQuery,
  useCreateWebhook,
  useDeleteWebhook,
  usePingWebhook,
  useReplayDelivery,
  type Webhook,
  type WebhookDelivery,
} from './webhooks.api';

const eventWords = (event: string) =>
  WEBHOOK_EVENT_WORDS[event as WebhookEvent] ?? (event === 'ping' ? 'Test ping' : event);

function CreateWebhookModal({ groupId, open, onClose }: { groupId: number; open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<{ url: string; description?: string; events: WebhookEvent[] }>();
  const create = useCreateWebhook();
  const { general, onError, clear } = useFormServerErrors(form);
  const [secret, setSecret] = useState<string | null>(null);
  const { message } = App.useApp();
  const close = () => {
    setSecret(null);
    form.resetFields();
    clear();
    onClose();
  };
  return (
    <Modal
      open={open}
      destroyOnHidden
      title={secret ? 'Your signing secret' : 'Add webhook'}
      onCancel={close}
      okText={secret ? 'Done' : 'Add webhook'}
      confirmLoading={create.isPending}
      cancelButtonProps={secret ? { style: { display: 'none' } } : undefined}
      onOk={async () => {
        if (secret) return close();
        const values = await form.validateFields();
        create.mutate(
          { groupId, url: values.url, description: values.description ?? null, events: values.events },
          { onSuccess: (answer) => setSecret(answer.secret), onError },
        );
      }}
    >
      {secret ? (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Alert type="warning" showIcon title="Copy the secret now: it is shown only this once." />
          <Typography.Paragraph code copyable={{ text: secret, onCopy: () => void message.success('Secret copied.') }}>
            <span data-testid="new-webhook-secret" style={{ wordBreak: 'break-all' }}>
              {secret}
            </span>
          </Typography.Paragraph>
          <Typography.Text type="secondary">Your receiver checks each delivery's signature with it.</Typography.Text>
        </Space>
      ) : (
        <Form form={form} layout="vertical" initialValues={{ events: [] }}>
          <ErrorPresenter error={general} />
          <Form.Item
            label="Address"
            name="url"
            rules={[{ required: true, whitespace: true, message: 'Address is required.' }]}
          >
            <MaxLengthInput maxLength={WEBHOOK_URL_MAX} placeholder="https://example.com/registry-events" />
          </Form.Item>
          <Form.Item label="Description" name="description">
            <MaxLengthInput maxLength={200} />
          </Form.Item>
          <Form.Item
            label="Events"
            name="events"
            rules={[{ required: true, type: 'array', min: 1, message: 'Choose at least one event.' }]}
          >
            <Checkbox.Group
              style={{ display: 'grid', gap: 4 }}
              options={WEBHOOK_EVENTS.map((event) => ({ value: event, label: WEBHOOK_EVENT_WORDS[event] }))}
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

function DeliveryLog({ webhook }: { webhook: Webhook }) {
  const [page, setPage] = useState(1);
  const log = useQuery(deliveriesQuery(webhook.id, page));
  const replay = useReplayDelivery();
  const { message } = App.useApp();
  return (
    <Table<WebhookDelivery>
      rowKey="id"
      size="small"
      loading={log.isLoading}
      dataSource={log.data?.data ?? []}
      scroll={{ x: 'max-content' }}
      pagination={{ current: page, pageSize: 25, total: log.data?.totalRecords ?? 0, onChange: setPage }}
      locale={{ emptyText: 'Nothing delivered yet. Send a test ping to try the address.' }}
      columns={[
        { title: 'Time', dataIndex: 'dateCreated', render: (at: string) => showDateTime(at) },
        { title: 'Event', dataIndex: 'event', render: eventWords },
        {
          title: 'Attempt',
          dataIndex: 'attempt',
          render: (attempt: number, row) => (row.isReplay ? 'Replay' : attempt),
        },
        {
          title: 'Result',
          dataIndex: 'succeeded',
          render: (ok: boolean, row) => (
            <Tag color={ok ? 'green' : 'red'}>{row.statusCode ?? (ok ? 'Delivered' : 'No answer')}</Tag>
          ),
        },
        { title: 'Duration', dataIndex: 'durationMs', render: (ms: number) => `${ms} ms` },
        {
          title: 'Answer',
          dataIndex: 'responseExcerpt',
          render: (text: string | null, row) => (
            <Typography.Text ellipsis style={{ maxWidth: 240 }}>
              {text ?? row.error ?? ''}
            </Typography.Text>
          ),
        },
        {
          title: 'Actions',
          key: 'actions',
          render: (_: unknown, row) => (
            <Button
              size="small"
              loading={replay.isPending && replay.variables?.deliveryId === row.id}
              onClick={() =>
                replay.mutate(
                  { id: webhook.id, deliveryId: row.id },
                  { onSuccess: (answer) => void message.info(answer.message) },
                )
              }
            >
              Replay
            </Button>
          ),
        },
      ]}
    />
  );
}

const deliveryLogOf = (hook: Webhook) => <DeliveryLog webhook={hook} />;

function Webhooks({ groupId }: { groupId: number }) {
  const hooks = useQuery(groupWebhooksQuery(groupId));
  const ping = usePingWebhook();
  const remove = useDeleteWebhook();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const { message } = App.useApp();
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Typography.Paragraph>
        The registry tells another system when something happens in this group or beneath it, with a signed HTTPS
        request. Other systems call the registry with{' '}
        <Link to="/group/$id/apikeys" params={{ id: String(groupId) }} style={{ textDecoration: 'underline' }}>
          API keys
        </Link>
        .
      </Typography.Paragraph>
      <Button type="primary" onClick={() => setCreating(true)}>
        Add webhook
      </Button>
      <ErrorPresenter error={hooks.error ?? ping.error ?? remove.error} />
      <Table<Webhook>
        rowKey="id"
        loading={hooks.isLoading}
        dataSource={hooks.data?.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: 'No webhooks yet. Add one to send this group\u2019s events to your system.' }}
        expandable={{ expandedRowRender: deliveryLogOf }}
        columns={[
          // Address and events wrap within their widths, and the actions stay pinned at the right, so at 1280 px the
          // row's buttons are on screen however long an address or event list is.
          {
            title: 'Address',
            dataIndex: 'url',
            width: 220,
            render: (url: string) => <span style={{ wordBreak: 'break-all' }}>{url}</span>,
          },
          {
            title: 'Events',
            dataIndex: 'events',
            width: 220,
            render: (events: string[]) => events.map(eventWords).join(', '),
          },
          {
            title: 'Last delivery',
            dataIndex: 'lastDelivery',
            render: (last: Webhook['lastDelivery']) =>
              last ? (
                <Space>
                  <Tag color={last.succeeded ? 'green' : 'red'}>{last.statusCode ?? 'No answer'}</Tag>
                  {showDateTime(last.dateCreated)}
                </Space>
              ) : (
                'Never'
              ),
          },
          { title: 'Status', dataIndex: 'isActive', render: (active: boolean) => (active ? 'On' : 'Paused') },
          {
            title: 'Actions',
            key: 'actions',
            fixed: 'right',
            render: (_: unknown, hook: Webhook) => (
              <Space>
                <Button
                  size="small"
                  loading={ping.isPending && ping.variables === hook.id}
                  onClick={() => ping.mutate(hook.id, { onSuccess: (answer) => void message.info(answer.message) })}
                >
                  Send test ping
                </Button>
                <Button size="small" danger onClick={() => setDeleting(hook)}>
                  Delete
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <CreateWebhookModal groupId={groupId} open={creating} onClose={() => setCreating(false)} />
      <ConfirmByTypingDialog
        open={deleting !== null}
        title="Delete webhook"
        prompt="Deliveries to this address stop at once and its log is deleted. Type DELETE to confirm."
        expectedText="DELETE"
        okText="Delete"
        onConfirm={() => {
          if (deleting) remove.mutate(deleting.id);
          setDeleting(null);
        }}
        onCancel={() => setDeleting(null)}
      />
    </Space>
  );
}

/** /group/{id}/webhooks: the group's webhook subscriptions and their delivery logs. */
export function WebhooksPage() {
  const { id } = useParams({ from: '/_app/group/$id/webhooks' });
  const groupId = Number(id);
  return (
    <GroupFrame groupId={groupId} page="webhooks">
      {() => <Webhooks groupId={groupId} />}
    </GroupFrame>
  );
}
