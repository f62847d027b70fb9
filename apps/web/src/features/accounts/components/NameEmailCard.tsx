// Name and email of the signed-in user (POST updateuserinfo): the name changes at once; a new email waits for the
// link mailed to it, so the card says to check that mailbox.
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Form, Row } from 'antd';
import { Messages, updateUserInfoRequest, type UpdateUserInfoRequest } from '@registry/contracts';
import { SchemaTextInput } from '../../../components/MaxLengthInput';
import { ErrorPresenter, useFormServerErrors } from '../../../components/ErrorPresenter';
import { FillWithTestData } from '../../../components/testMode';
import { manageInfoQuery, useUpdateUserInfo } from '../accounts.api';

export function NameEmailCard() {
  const { message } = App.useApp();
  const info = useQuery(manageInfoQuery());
  const update = useUpdateUserInfo();
  const [form] = Form.useForm<UpdateUserInfoRequest>();
  const serverErrors = useFormServerErrors(form);
  const [pending, setPending] = useState<string | null>(null);

  useEffect(() => {
    const p = info.data?.profile;
    if (p) form.setFieldsValue({ firstName: p.firstName ?? '', lastName: p.lastName ?? '', email: p.email ?? '' });
  }, [info.data, form]);

  const onFinish = (values: UpdateUserInfoRequest) => {
    serverErrors.clear();
    update.mutate(values, {
      onSuccess: (answer) => {
        setPending(answer.pendingEmail ? answer.message : null);
        if (!answer.pendingEmail) void message.success(Messages.savedSuccessfully);
      },
      onError: serverErrors.onError,
    });
  };

  return (
    <Card title="Name and email" loading={info.isLoading}>
      <ErrorPresenter error={info.error ?? serverErrors.general} />
      {pending && (
        <Alert
          type="info"
          showIcon
          message="Check your mail to confirm"
          description={pending}
          style={{ marginBottom: 16 }}
        />
      )}
      <FillWithTestData
        form={form}
        values={(fake) => {
          const { firstName, lastName, email } = fake.person();
          return { firstName, lastName, email };
        }}
      />
      <Form form={form} layout="vertical" onFinish={onFinish} aria-label="Name and email">
        <Row gutter={12}>
          <Col xs={24} md={12}>
            <Form.Item
              label="First name"
              name="firstName"
              rules={[{ required: true, whitespace: true, message: 'The First Name field is required.' }]}
            >
              <SchemaTextInput schema={updateUserInfoRequest} field="firstName" autoComplete="given-name" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              label="Last name"
              name="lastName"
              rules={[{ required: true, whitespace: true, message: 'The Last Name field is required.' }]}
            >
              <SchemaTextInput schema={updateUserInfoRequest} field="lastName" autoComplete="family-name" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              label="Email"
              name="email"
              rules={[{ required: true, type: 'email', message: 'Invalid email address.' }]}
            >
              <SchemaTextInput schema={updateUserInfoRequest} field="email" autoComplete="email" />
            </Form.Item>
          </Col>
        </Row>
        <Button type="primary" htmlType="submit" loading={update.isPending}>
          Save name and email
        </Button>
      </Form>
    </Card>
  );
}
