// Phone, company, mail preference and address of the signed-in user (POST updateuserprofile).
import { SchemaTextInput } from '../../../components/MaxLengthInput';
import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Checkbox, Col, Form, Row } from 'antd';
import { Messages, updateUserProfileRequest, type UpdateUserProfileRequest } from '@registry/contracts';
import { AddressForm, addressFormValues } from '../../lookups/AddressForm';
import { ErrorPresenter, useFormServerErrors } from '../../../components/ErrorPresenter';
import { FillWithTestData } from '../../../components/testMode';
import { manageInfoQuery, useUpdateProfile } from '../accounts.api';

export function ProfileCard() {
  const { message } = App.useApp();
  const info = useQuery(manageInfoQuery());
  const update = useUpdateProfile();
  const [form] = Form.useForm<UpdateUserProfileRequest>();
  const serverErrors = useFormServerErrors(form);

  useEffect(() => {
    const p = info.data?.profile;
    if (!p) return;
    form.setFieldsValue({
      phoneNumber: p.phoneNumber ?? '',
      companyName: p.companyName ?? '',
      receiveEmails: p.receiveEmails,
      address: addressFormValues(p.address),
    });
  }, [info.data, form]);

  const onFinish = (values: UpdateUserProfileRequest) => {
    serverErrors.clear();
    // Name and email are saved by their own card (updateuserinfo); the profile call keeps them as they are.
    const p = info.data?.profile;
    const current = { firstName: p?.firstName ?? '', lastName: p?.lastName ?? '', email: p?.email ?? '' };
    update.mutate(
      { ...values, ...current },
      { onSuccess: () => void message.success(Messages.savedSuccessfully), onError: serverErrors.onError },
    );
  };

  return (
    <Card title="Profile" loading={info.isLoading}>
      <ErrorPresenter error={info.error ?? serverErrors.general} />
      {info.data && (
        <p>
          User name: <strong>{info.data.userName}</strong>
        </p>
      )}
      <Form form={form} layout="vertical" onFinish={onFinish} aria-label="Profile">
        <FillWithTestData form={form} values={(fake) => ({ ...fake.person(), address: fake.address() })} />
        <Row gutter={12}>
          <Col xs={24} md={12}>
            <Form.Item label="Phone number" name="phoneNumber" rules={[{ max: 32 }]}>
              <SchemaTextInput schema={updateUserProfileRequest} field="phoneNumber" autoComplete="tel" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="Company name" name="companyName" rules={[{ max: 200 }]}>
              <SchemaTextInput schema={updateUserProfileRequest} field="companyName" autoComplete="organization" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label=" " name="receiveEmails" valuePropName="checked">
              <Checkbox>Receive emails</Checkbox>
            </Form.Item>
          </Col>
        </Row>
        <AddressForm name="address" />
        <Button type="primary" htmlType="submit" loading={update.isPending}>
          Save profile
        </Button>
      </Form>
    </Card>
  );
}
