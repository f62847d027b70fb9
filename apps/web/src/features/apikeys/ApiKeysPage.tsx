// A group's API keys (issue 42): the list with each key's groups, access, expiry and last use; create (the key shown
// once, with a copy button); revoke after typing the key's name.
import { MaxLengthInput } from '../../components/MaxLengthInput';
import { useState } from 'react';
import { Link, useParams } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Checkbox, Form, Modal, Radio, Select, Space, Table, Tag, Typography } from 'antd';
import { API_KEY_NAME_MAX } from '@registry/contracts';
import { GroupFrame } from '../../components/GroupFrame';
import { ConfirmByTypingDialog } from '../../components/ConfirmByTypingDialog';
import { ErrorPresenter, useFormServerErrors } from '../../components/ErrorPresenter';
import { showDate, showDateTime } from '../../components/labTime';
import { groupApiKeysQuery, useCreateApiKey, useRevokeApiKey, type ApiKey } from './apikeys.api';

const STATUS_COLORS: Record<ApiKey['status'], string> = {
  Active: 'green',
  Expired: 'default',
  Revoked: 'red',
  Suspended: 'orange',
};
const EXPIRY_CHOICES = [30, 90, 180, 365, 730].map((days) => ({
  value: days,
  label: days < 365 ? `${days} days` : days === 365 ? '1 year' : '2 years',
}));

function CreateKeyModal({ groupId, open, onClose }: { groupId: number; open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<{ name: string; access: 'read' | 'write'; expiresInDays: number }>();
  const create = useCreateApiKey();
  const { general, onError, clear } = useFormServerErrors(form);
  const [key, setKey] = useState<string | null>(null);
  const { message } = App.useApp();
  const close = () => {
    setKey(null);
    form.resetFields();
    clear();
    create.reset();
    onClose();
  };
  return (
    <Modal
      open={open}
      destroyOnHidden
      title={key ? 'Your new API key' : 'Create API key'}
      onCancel={close}
      okText={key ? 'Done' : 'Create key'}
      confirmLoading={create.isPending}
      cancelButtonProps={key ? { style: { display: 'none' } } : undefined}
      onOk={async () => {
        if (key) return close();
        const values = await form.validateFields();
        create.mutate(
          {
            name: values.name,
            groupIds: [groupId],
            readOnly: values.access === 'read',
            expiresInDays: values.expiresInDays,
          },
          { onSuccess: (answer) => setKey(answer.key), onError },
        );
      }}
    >
      {key ? (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <Alert type="warning" showIcon title="Copy the key now: it is shown only this once." />
          <Typography.Paragraph code copyable={{ text: key, onCopy: () => void message.success('Key copied.') }}>
            <span data-testid="new-api-key" style={{ wordBreak: 'break-all' }}>
              {key}
            </span>
          </Typography.Paragraph>
        </Space>
      ) : (
        <Form form={form} layout="vertical" initialValues={{ access: 'read', expiresInDays: 365 }}>
          <ErrorPresenter error={general} />
          <Form.Item
            label="Name"
            name="name"
            rules={[{ required: true, whitespace: true, message: 'Name is required.' }]}
          >
            <MaxLengthInput maxLength={API_KEY_NAME_MAX} placeholder="Property management sync" />
          </Form.Item>
          <Form.Item label="Access" name="access">
            <Radio.Group>
              <Radio value="read">Read only</Radio>
              <Radio value="write">Read and write</Radio>
            </Radio.Group>
          </Form.Item>
          <Form.Item label="Expires after" name="expiresInDays">
            <Select options={EXPIRY_CHOICES} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

function ApiKeys({ groupId }: { groupId: number }) {
  const [showAll, setShowAll] = useState(false);
  const keys = useQuery(groupApiKeysQuery(groupId, showAll));
  const revoke = useRevokeApiKey();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Typography.Paragraph>
        Other systems call the registry with a key: it acts with your rights in this group and the groups beneath it.{' '}
        <Link to="/group/$id/webhooks" params={{ id: String(groupId) }} style={{ textDecoration: 'underline' }}>
          Webhooks
        </Link>{' '}
        tell them when something happens.
      </Typography.Paragraph>
      <Space wrap>
        <Button type="primary" onClick={() => setCreating(true)}>
          Create API key
        </Button>
        <Checkbox checked={showAll} onChange={(event) => setShowAll(event.target.checked)}>
          Show revoked and expired keys
        </Checkbox>
      </Space>
      <ErrorPresenter error={keys.error ?? revoke.error} />
      <Table<ApiKey>
        rowKey="id"
        loading={keys.isLoading}
        dataSource={keys.data?.data ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: 'No API keys yet. Create one to let another system read or update this group.' }}
        columns={[
          { title: 'Name', dataIndex: 'name' },
          { title: 'Key', dataIndex: 'prefix', render: (prefix: string) => <code>{prefix}…</code> },
          {
            title: 'Access',
            dataIndex: 'readOnly',
            render: (readOnly: boolean) => (readOnly ? 'Read only' : 'Read and write'),
          },
          {
            title: 'Status',
            dataIndex: 'status',
            render: (status: ApiKey['status']) => <Tag color={STATUS_COLORS[status]}>{status}</Tag>,
          },
          {
            title: 'Last used',
            dataIndex: 'lastUsedAt',
            render: (at: string | null) => (at ? showDateTime(at) : 'Never'),
          },
          { title: 'Expires', dataIndex: 'expiresAt', render: (at: string) => showDate(at) },
          { title: 'Created by', dataIndex: 'createdBy' },
          {
            title: 'Actions',
            key: 'actions',
            render: (_: unknown, key: ApiKey) =>
              key.status === 'Revoked' ? null : (
                <Button danger size="small" onClick={() => setRevoking(key)}>
                  Revoke
                </Button>
              ),
          },
        ]}
      />
      <CreateKeyModal groupId={groupId} open={creating} onClose={() => setCreating(false)} />
      <ConfirmByTypingDialog
        open={revoking !== null}
        title="Revoke API key"
        prompt={`Systems using "${revoking?.name ?? ''}" will be refused at once. Type the key's name to revoke it.`}
        expectedText={revoking?.name ?? ''}
        okText="Revoke"
        onConfirm={() => {
          if (revoking) revoke.mutate(revoking.id);
          setRevoking(null);
        }}
        onCancel={() => setRevoking(null)}
      />
    </Space>
  );
}

/** /group/{id}/apikeys: the group's API keys. */
export function ApiKeysPage() {
  const { id } = useParams({ from: '/_app/group/$id/apikeys' });
  const groupId = Number(id);
  return (
    <GroupFrame groupId={groupId} page="apikeys">
      {() => <ApiKeys groupId={groupId} />}
    </GroupFrame>
  );
}
