import { SchemaTextInput } from '../../../components/MaxLengthInput';
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { certificateCustomization } from '@registry/contracts';
import { App, Checkbox, Form, Modal, Spin } from 'antd';
import { useFormErrorDialog } from '../../../components/ErrorPresenter';
import { FillWithTestData } from '../../../components/testMode';
import { certificateQuery, useUpdateCertificate, type CertificateCustomization } from '../groups.api';

export function CertificateCustomizationModal({
  groupId,
  open,
  onClose,
}: {
  groupId: number;
  open: boolean;
  onClose: () => void;
}) {
  const [form] = Form.useForm<CertificateCustomization>();
  const query = useQuery({ ...certificateQuery(groupId), enabled: open });
  const update = useUpdateCertificate(groupId);
  const showError = useFormErrorDialog(form);
  const { message } = App.useApp();
  const data = query.data;
  useEffect(() => {
    if (data && open)
      form.setFieldsValue({
        certificateTitle: data.certificateTitle ?? '',
        certificateSignatureName: data.certificateSignatureName ?? '',
        certificateFooterText: data.certificateFooterText ?? '',
        certificateShowLogo: data.certificateShowLogo,
      });
  }, [data, open, form]);
  const save = async (values: CertificateCustomization) => {
    try {
      await update.mutateAsync(values);
      void message.success('Saved Successfully.');
      onClose();
    } catch (error) {
      showError(error);
    }
  };
  return (
    <Modal
      open={open}
      title="Certificate customization"
      okText="Save"
      confirmLoading={update.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Spin spinning={query.isLoading}>
        <Form form={form} name="certificate" layout="vertical" onFinish={(v) => void save(v)}>
          <FillWithTestData form={form} values={(fake) => fake.certificate()} />
          <Form.Item name="certificateTitle" label="Certificate title">
            <SchemaTextInput schema={certificateCustomization} field="certificateTitle" />
          </Form.Item>
          <Form.Item name="certificateSignatureName" label="Signature name">
            <SchemaTextInput schema={certificateCustomization} field="certificateSignatureName" />
          </Form.Item>
          <Form.Item name="certificateFooterText" label="Footer text">
            <SchemaTextInput schema={certificateCustomization} field="certificateFooterText" multiline rows={3} />
          </Form.Item>
          <Form.Item name="certificateShowLogo" valuePropName="checked">
            <Checkbox>Show the logo on certificates</Checkbox>
          </Form.Item>
        </Form>
      </Spin>
    </Modal>
  );
}
