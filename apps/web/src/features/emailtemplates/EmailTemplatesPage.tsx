// /system/emailtemplates (spec 3 §3, §4): every email event with its config (active, forced on for critical events;
// A/B testing, forced off below two templates; tracking flags) and its template, edited here with a preview.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Checkbox, Form, Modal, Space, Tag } from 'antd';
import { ErrorPresenter } from '../../components/ErrorPresenter';
import { PageTitle } from '../../components/PageTitle';
import { DataTable } from '../../components/DataTable';
import {
  emailTemplateConfigsQuery,
  emailTemplatesQuery,
  previewTemplate,
  useDeleteConfig,
  useSaveConfig,
  useSaveTemplate,
  type EmailEventInfo,
} from './emailtemplates.api';
import { MaxLengthInput, SchemaTextInput } from '../../components/MaxLengthInput';
import { emailTemplateWriteRequest } from '@registry/contracts';

type Row = EmailEventInfo & {
  config: { isActive: boolean; enableAbTesting: boolean; templateIds: number[] } | null;
  templateCount: number;
};

export function EmailTemplatesPage() {
  const templates = useQuery(emailTemplatesQuery());
  const configs = useQuery(emailTemplateConfigsQuery());
  const [editing, setEditing] = useState<string | null>(null);
  const rows: Row[] = (templates.data?.events ?? []).map((event) => ({
    ...event,
    config: configs.data?.[event.eventName] ?? null,
    templateCount: (templates.data?.templates ?? []).filter((t) => t.eventName === event.eventName).length,
  }));
  return (
    <>
      <PageTitle>Email templates</PageTitle>
      <ErrorPresenter error={templates.error ?? configs.error} />
      <Card>
        <DataTable<Row>
          rowKey="eventName"
          loading={templates.isLoading || configs.isLoading}
          dataSource={rows}
          pagination={false}
          columns={[
            { title: 'Event', dataIndex: 'eventName' },
            {
              title: 'Kind',
              key: 'kind',
              render: (_, row) => (
                <Space>
                  {row.isCritical ? <Tag color="red">Critical</Tag> : null}
                  {row.isCustomerLetter ? <Tag>Customer letter</Tag> : null}
                </Space>
              ),
            },
            {
              title: 'Active',
              key: 'active',
              render: (_, row) => (row.isCritical || (row.config?.isActive ?? true) ? 'Yes' : 'No'),
            },
            { title: 'A/B testing', key: 'ab', render: (_, row) => (row.config?.enableAbTesting ? 'On' : 'Off') },
            {
              title: 'Template',
              key: 'template',
              render: (_, row) => (row.templateCount ? `${row.templateCount} edited` : 'Built-in default'),
            },
            {
              title: '',
              key: 'actions',
              align: 'right',
              render: (_, row) => (
                <Button size="small" onClick={() => setEditing(row.eventName)} aria-label={`Edit ${row.eventName}`}>
                  Edit
                </Button>
              ),
            },
          ]}
        />
      </Card>
      {editing ? (
        <EventEditor key={editing} row={rows.find((r) => r.eventName === editing)!} onClose={() => setEditing(null)} />
      ) : null}
    </>
  );
}

type EditorValues = {
  subject: string;
  body: string;
  isActive: boolean;
  enableAbTesting: boolean;
  trackClicks: boolean;
  trackOpens: boolean;
  trackSubscriptions: boolean;
};

function EventEditor({ row, onClose }: { row: Row; onClose: () => void }) {
  const { message } = App.useApp();
  const templates = useQuery(emailTemplatesQuery());
  const configs = useQuery(emailTemplateConfigsQuery());
  const config = configs.data?.[row.eventName];
  const own = (templates.data?.templates ?? []).filter((t) => t.eventName === row.eventName);
  const current = own.find((t) => config?.templateIds[0] === t.id) ?? own[own.length - 1];
  const [form] = Form.useForm<EditorValues>();
  const [preview, setPreview] = useState<{ subject: string; html: string } | null>(null);
  const saveTemplate = useSaveTemplate();
  const saveConfig = useSaveConfig();
  const deleteConfig = useDeleteConfig();
  const [error, setError] = useState<unknown>(null);

  const save = async () => {
    const values = await form.validateFields();
    setError(null);
    try {
      const saved = await saveTemplate.mutateAsync({
        id: current?.id,
        body: {
          name: `${row.eventName} template`,
          eventName: row.eventName,
          subject: values.subject,
          body: values.body,
        },
      });
      const ids = config?.templateIds.length ? config.templateIds : [saved.id];
      const result = await saveConfig.mutateAsync({
        eventName: row.eventName,
        exists: Boolean(config),
        body: {
          templateIds: ids.includes(saved.id) ? ids : [saved.id, ...ids],
          isActive: row.isCritical ? true : values.isActive,
          enableAbTesting: values.enableAbTesting,
          trackClicks: values.trackClicks,
          trackOpens: values.trackOpens,
          trackSubscriptions: values.trackSubscriptions,
        },
      });
      void message.success(result.message);
      onClose();
    } catch (caught) {
      setError(caught);
    }
  };

  const remove = async () => {
    try {
      const result = await deleteConfig.mutateAsync(row.eventName);
      void message.success(result.message);
      onClose();
    } catch (caught) {
      setError(caught);
    }
  };

  return (
    <Modal
      open
      title={`Email template: ${row.eventName}`}
      width={760}
      onCancel={onClose}
      footer={[
        config ? (
          <Button key="delete" danger onClick={() => void remove()}>
            Delete config
          </Button>
        ) : null,
        <Button
          key="preview"
          onClick={() =>
            void previewTemplate({ eventName: row.eventName, ...form.getFieldsValue(['subject', 'body']) })
              .then(setPreview)
              .catch(setError)
          }
        >
          Preview
        </Button>,
        <Button key="cancel" onClick={onClose}>
          Cancel
        </Button>,
        <Button
          key="save"
          type="primary"
          loading={saveTemplate.isPending || saveConfig.isPending}
          onClick={() => void save()}
        >
          Save
        </Button>,
      ]}
    >
      <ErrorPresenter error={error} />
      <Form<EditorValues>
        form={form}
        layout="vertical"
        initialValues={{
          subject: current?.subject ?? row.defaultSubject,
          body: current?.body ?? row.defaultBody,
          isActive: row.isCritical || (config?.isActive ?? true),
          enableAbTesting: config?.enableAbTesting ?? false,
          trackClicks: config?.trackClicks ?? true,
          trackOpens: config?.trackOpens ?? true,
          trackSubscriptions: config?.trackSubscriptions ?? true,
        }}
      >
        <Form.Item
          name="subject"
          label="Subject"
          rules={[{ required: true, whitespace: true, message: 'The Subject field is required.' }]}
        >
          <MaxLengthInput maxLength={300} />
        </Form.Item>
        <Form.Item
          name="body"
          label="Body (HTML)"
          extra={`Placeholders: ${row.placeholders.map((p) => `{{${p}}}`).join(' ')}`}
          rules={[{ required: true, whitespace: true, message: 'The Body field is required.' }]}
        >
          <SchemaTextInput schema={emailTemplateWriteRequest} field="body" multiline rows={8} />
        </Form.Item>
        <Space wrap>
          <Form.Item name="isActive" valuePropName="checked" noStyle>
            <Checkbox disabled={row.isCritical}>Active{row.isCritical ? ' (critical event)' : ''}</Checkbox>
          </Form.Item>
          <Form.Item name="enableAbTesting" valuePropName="checked" noStyle>
            <Checkbox disabled={(config?.templateIds.length ?? 0) < 2}>A/B testing</Checkbox>
          </Form.Item>
          <Form.Item name="trackClicks" valuePropName="checked" noStyle>
            <Checkbox>Track clicks</Checkbox>
          </Form.Item>
          <Form.Item name="trackOpens" valuePropName="checked" noStyle>
            <Checkbox>Track opens</Checkbox>
          </Form.Item>
          <Form.Item name="trackSubscriptions" valuePropName="checked" noStyle>
            <Checkbox>Track subscriptions</Checkbox>
          </Form.Item>
        </Space>
      </Form>
      {preview ? (
        <Card size="small" title={`Preview: ${preview.subject}`} style={{ marginTop: 16 }}>
          <iframe
            title="Email preview"
            sandbox=""
            srcDoc={preview.html}
            style={{ width: '100%', height: 260, border: 0 }}
          />
        </Card>
      ) : null}
    </Modal>
  );
}
