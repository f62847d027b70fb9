import { useQuery } from '@tanstack/react-query';
import { App, Button, Checkbox, Col, Form, Row, Select, Space } from 'antd';
import {
  Messages,
  adminUpdateRequest,
  creatableRoles,
  mayActOnAdmin,
  roleLabel,
  type AdminUpdateRequest,
  type AdminView,
} from '@registry/contracts';
import { useCurrentUser } from '../../../lib/auth';
import { AddressForm } from '../../lookups/AddressForm';
import { ErrorPresenter, useFormServerErrors } from '../../../components/ErrorPresenter';
import { SchemaTextField } from '../../../components/MaxLengthInput';
import { FillWithTestData } from '../../../components/testMode';
import { adminRolesQuery, useUpdateAdmin } from '../admins.api';
import { toUpdateRequest } from './adminForm';

const text = (label: string, name: keyof AdminUpdateRequest, required = false) => (
  <SchemaTextField schema={adminUpdateRequest} label={label} name={name} required={required} />
);

export function AdminEditForm({ admin, onDone }: { admin: AdminView; onDone: () => void }) {
  const { message } = App.useApp();
  const roles = useQuery(adminRolesQuery());
  const me = useCurrentUser();
  // The role is offered only where the rights table lets the user change it, and only roles below their own.
  const mayChangeRole = me !== undefined && mayActOnAdmin(me, admin, 'admin.changeRole');
  const giveable = me ? creatableRoles(me.roleId) : [];
  const update = useUpdateAdmin(admin.id);
  const [form] = Form.useForm<AdminUpdateRequest>();
  const serverErrors = useFormServerErrors(form);

  const onFinish = (values: AdminUpdateRequest) => {
    serverErrors.clear();
    update.mutate(
      { ...toUpdateRequest(admin), ...values },
      {
        onSuccess: () => {
          void message.success(Messages.savedSuccessfully);
          onDone();
        },
        onError: serverErrors.onError,
      },
    );
  };

  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={toUpdateRequest(admin)}
      onFinish={onFinish}
      aria-label="Edit admin"
    >
      <ErrorPresenter error={serverErrors.general} />
      <FillWithTestData form={form} values={(fake) => ({ ...fake.person(), address: fake.address() })} />
      <Row gutter={12}>
        <Col xs={24} md={12}>
          {text('First Name', 'firstName', true)}
        </Col>
        <Col xs={24} md={12}>
          {text('Last Name', 'lastName', true)}
        </Col>
        <Col xs={24} md={12}>
          {text('User Name', 'userName', true)}
        </Col>
        <Col xs={24} md={12}>
          {text('Email', 'email')}
        </Col>
        <Col xs={24} md={12}>
          {text('Phone Number', 'phoneNumber')}
        </Col>
        <Col xs={24} md={12}>
          {text('Company Name', 'companyName')}
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label="Role" name="roleId" rules={[{ required: true, message: 'The Role field is required.' }]}>
            <Select
              loading={roles.isLoading}
              disabled={!mayChangeRole}
              options={roles.data
                ?.filter((r) => r.id === admin.roleId || giveable.includes(r.id))
                .map((r) => ({ value: r.id, label: roleLabel(r.id) }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item label=" " name="receiveEmails" valuePropName="checked">
            <Checkbox>Receive emails</Checkbox>
          </Form.Item>
        </Col>
      </Row>
      <AddressForm name="address" />
      <Space>
        <Button type="primary" htmlType="submit" loading={update.isPending}>
          Save
        </Button>
        <Button onClick={onDone}>Cancel</Button>
      </Space>
    </Form>
  );
}
