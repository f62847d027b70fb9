import { SchemaTextInput } from '../../../components/MaxLengthInput';
import { FillWithTestData } from '../../../components/testMode';
import { useQuery } from '@tanstack/react-query';
import { App, Col, Form, Modal, Row, Select } from 'antd';
import { Messages, newGroupAdmin, type NewGroupAdmin, roleLabel } from '@registry/contracts';
import { useFormErrorDialog } from '../../../components/ErrorPresenter';
import { creatableAdminRolesQuery } from '../../admins/admins.api';
import { groupQuery, useAddExistingAdmin, useCreateGroupAdmin } from '../groups.api';

/**
 * Create an admin on a group (spec 2 §5, §8): an email that belongs to a pet owner is refused by the server with its
 * message; one that belongs to an admin offers to add that admin to the group instead.
 */
export function CreateGroupAdminModal({
  groupId,
  open,
  onClose,
}: {
  groupId: number;
  open: boolean;
  onClose: () => void;
}) {
  const [form] = Form.useForm<NewGroupAdmin>();
  // The roles that run a group of this type and that the caller may give (as on add group).
  const group = useQuery({ ...groupQuery(groupId), enabled: open });
  const groupType = group.data?.groupType;
  const roles = useQuery({ ...creatableAdminRolesQuery(groupType ?? 0), enabled: open && groupType !== undefined });
  const create = useCreateGroupAdmin(groupId);
  const addExisting = useAddExistingAdmin(groupId);
  const showError = useFormErrorDialog(form);
  const { modal, message } = App.useApp();
  const submit = async (values: NewGroupAdmin) => {
    try {
      const res = await create.mutateAsync({ ...values, userName: values.userName || values.email });
      if (res.isEmailAlreadyAssignedToAdmin && res.existingUserId) {
        const existingId = res.existingUserId;
        modal.confirm({
          title: 'Admin already exists',
          content: Messages.emailBelongsToAdmin(values.email, res.existingUserFullName ?? ''),
          okText: 'Add admin',
          onOk: async () => {
            try {
              await addExisting.mutateAsync(existingId);
              void message.success(`${res.existingUserFullName ?? 'Admin'} added to the group.`);
              onClose();
            } catch (error) {
              showError(error);
            }
          },
        });
        return;
      }
      void message.success(`Admin ${res.admin?.fullName ?? values.email} created.`);
      onClose();
    } catch (error) {
      showError(error);
    }
  };
  return (
    <Modal
      open={open}
      title="Create admin on group"
      okText="Create admin"
      confirmLoading={create.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      afterClose={() => form.resetFields()}
      forceRender
    >
      <Form<NewGroupAdmin> form={form} name="create-group-admin" layout="vertical" onFinish={(v) => void submit(v)}>
        <FillWithTestData
          form={form}
          values={(fake) => {
            const { firstName, lastName, email, phoneNumber } = fake.person();
            return { firstName, lastName, email, phoneNumber };
          }}
        />
        <Row gutter={12}>
          <Col xs={24} md={12}>
            <Form.Item
              name="firstName"
              label="First name"
              rules={[{ required: true, whitespace: true, message: 'The First Name field is required.' }]}
            >
              <SchemaTextInput schema={newGroupAdmin} field="firstName" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="lastName"
              label="Last name"
              rules={[{ required: true, whitespace: true, message: 'The Last Name field is required.' }]}
            >
              <SchemaTextInput schema={newGroupAdmin} field="lastName" />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item
          name="email"
          label="Email"
          rules={[{ required: true, type: 'email', message: 'A valid email is required.' }]}
        >
          <SchemaTextInput schema={newGroupAdmin} field="email" />
        </Form.Item>
        <Form.Item name="userName" label="User name" extra="Defaults to the email.">
          <SchemaTextInput schema={newGroupAdmin} field="userName" />
        </Form.Item>
        <Row gutter={12}>
          <Col xs={24} md={12}>
            <Form.Item name="role" label="Role" rules={[{ required: true, message: 'The Role field is required.' }]}>
              <Select
                loading={group.isLoading || roles.isLoading}
                options={roles.data?.map((r) => ({ value: r.id, label: roleLabel(r.id) }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="phoneNumber" label="Phone number">
              <SchemaTextInput schema={newGroupAdmin} field="phoneNumber" />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
