import { SchemaTextInput } from '../../../components/MaxLengthInput';
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { App, Form, Modal, Spin, Tabs } from 'antd';
import { Messages, documentWriteRequest } from '@registry/contracts';
import { placeFieldErrors } from '../../../components/ErrorPresenter';
import { HtmlPreview } from '../../../components/HtmlPreview';
import { FillWithTestData } from '../../../components/testMode';
import { RichTextEditor } from '../../../components/RichTextEditor';
import { documentQuery, useSaveDocument, type DocumentWrite } from '../system.api';

/** Creates a document (no id) or saves a new version of one. */
export function DocumentEditorModal({
  documentId,
  open,
  onClose,
}: {
  documentId?: number;
  open: boolean;
  onClose: () => void;
}) {
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<DocumentWrite>();
  const save = useSaveDocument();
  const current = useQuery({ ...documentQuery(documentId ?? 0), enabled: open && !!documentId });
  const content = Form.useWatch('content', form) ?? '';

  useEffect(() => {
    if (!open) return;
    if (!documentId) form.setFieldsValue({ name: '', content: '' });
    else if (current.data) form.setFieldsValue({ name: current.data.name, content: current.data.content });
  }, [open, documentId, current.data, form]);

  const onFinish = (values: DocumentWrite) =>
    save.mutate(
      { ...values, id: documentId },
      {
        onSuccess: () => {
          void message.success(documentId ? Messages.documentUpdated : Messages.documentAdded);
          onClose();
        },
        // Problems the server names a field for go under that field; anything else is the spec's one message.
        onError: (error) => {
          if (placeFieldErrors(form, error)) modal.error({ title: 'Error', content: Messages.failedToSaveDocument });
        },
      },
    );

  return (
    <Modal
      open={open}
      width={900}
      title={documentId ? 'Edit document' : 'New document'}
      okText="Save"
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Spin spinning={!!documentId && current.isLoading}>
        <Form form={form} layout="vertical" onFinish={onFinish}>
          <FillWithTestData form={form} values={(fake) => fake.document()} />
          <Form.Item
            label="Name"
            name="name"
            rules={[{ required: true, whitespace: true, message: 'The Name field is required.' }, { max: 200 }]}
          >
            <SchemaTextInput schema={documentWriteRequest} field="name" />
          </Form.Item>
          <Tabs
            items={[
              {
                key: 'edit',
                label: 'Edit',
                children: (
                  <Form.Item
                    label="Content"
                    name="content"
                    rules={[{ required: true, message: 'The Content field is required.' }]}
                  >
                    <RichTextEditor aria-label="Content" />
                  </Form.Item>
                ),
                forceRender: true,
              },
              { key: 'preview', label: 'Preview', children: <HtmlPreview title="Document preview" html={content} /> },
            ]}
          />
        </Form>
      </Spin>
    </Modal>
  );
}
