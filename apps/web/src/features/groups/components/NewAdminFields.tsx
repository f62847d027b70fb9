import { Col, Form, Row, Select } from 'antd';
import { newGroupAdmin, roleLabel } from '@registry/contracts';
import { SchemaTextInput } from '../../../components/MaxLengthInput';
import type { RoleOption } from '../../admins/admins.api';

/** The form values of one new admin named in the add-group form; the user name is the email. */
export interface NewAdminValues {
  firstName: string;
  lastName: string;
  email: string;
  role: number;
  phoneNumber?: string;
}

/**
 * First name, last name, email and role of a new admin, under the form path `name` (the primary admin's object, or a
 * Form.List entry). The rules are the server's (newGroupAdmin), so most mistakes show before the call.
 */
export function NewAdminFields({
  name,
  roles,
  rolesLoading,
  label,
}: {
  name: (string | number)[];
  roles: RoleOption[] | undefined;
  rolesLoading: boolean;
  label?: string;
}) {
  return (
    <Row gutter={12} role={label ? 'group' : undefined} aria-label={label}>
      <Col xs={24} md={12}>
        <Form.Item
          name={[...name, 'firstName']}
          label="First name"
          rules={[{ required: true, whitespace: true, message: 'The First Name field is required.' }]}
        >
          <SchemaTextInput schema={newGroupAdmin} field="firstName" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          name={[...name, 'lastName']}
          label="Last name"
          rules={[{ required: true, whitespace: true, message: 'The Last Name field is required.' }]}
        >
          <SchemaTextInput schema={newGroupAdmin} field="lastName" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          name={[...name, 'email']}
          label="Admin email"
          rules={[{ required: true, type: 'email', message: 'A valid email is required.' }]}
        >
          <SchemaTextInput schema={newGroupAdmin} field="email" />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item
          name={[...name, 'role']}
          label="Role"
          rules={[{ required: true, message: 'The Role field is required.' }]}
        >
          <Select loading={rolesLoading} options={roles?.map((r) => ({ value: r.id, label: roleLabel(r.id) }))} />
        </Form.Item>
      </Col>
    </Row>
  );
}

/** A role kept when it is still offered; otherwise the only role offered, if there is just one. */
export function fittingRole(role: number | undefined, roles: RoleOption[]): number | undefined {
  if (role !== undefined && roles.some((r) => r.id === role)) return role;
  return roles.length === 1 ? roles[0].id : undefined;
}
