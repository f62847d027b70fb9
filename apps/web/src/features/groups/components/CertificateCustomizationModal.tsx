import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { App, Checkbox, Form, Input, Modal, Spin } from 'antd';
import { useErrorDialog } from '../../../components/ErrorPresenter';
import { certificateQuery, useUpdateCertificate, type CertificateCustomization } from '../groups.api';

export function CertificateCustomizationModal({ groupId, open, onClose }: { groupId: number; open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<CertificateCustomization>();
  const query = useQuery({ ...certificateQuery(groupId), enabled: open });
  const update = useUpdateCertificate(groupId);
  const showError = useErrorDialog();
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
    <Modal open={open} title="Certificate customization" okText="Save" confirmLoading={update.isPending} onOk={() => form.submit()} onCancel={onClose} forceRender>
      <Spin spinning={query.isLoading}>
        <Form form={form} name="certificate" layout="vertical" onFinish={(v) => void save(v)}>
          <Form.Item name="certificateTitle" label="Certificate title">
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item name="certificateSignatureName" label="Signature name">
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item name="certificateFooterText" label="Footer text">
            <Input.TextArea maxLength={1000} rows={3} />
          </Form.Item>
          <Form.Item name="certificateShowLogo" valuePropName="checked">
            <Checkbox>Show the logo on certificates</Checkbox>
          </Form.Item>
        </Form>
      </Spin>
    </Modal>
  );
}
