// Edit a resident (spec 2 §4 Resident): the details the resident gave when pre-registering (name, email, phone, unit,
// postal address), for the property's admins with the resident edit right. PUT /preregresident replaces them all.
import { App, Col, Form, Modal, Row } from 'antd';
import { preRegResidentUpdate, type Address } from '@registry/contracts';
import { AddressForm } from '../../lookups/AddressForm';
import { ErrorPresenter, useFormServerErrors } from '../../../components/ErrorPresenter';
import { SchemaTextInput } from '../../../components/MaxLengthInput';
import { FillWithTestData } from '../../../components/testMode';
import { useUpdateResident, type ResidentDetails } from '../residents.api';

type Values = {
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string | null;
  unitNumber: string;
  address: Address | null;
};

const valuesOf = (resident: ResidentDetails): Values => ({
  firstName: resident.firstName,
  lastName: resident.lastName,
  email: resident.email ?? '',
  phoneNumber: resident.phoneNumber,
  unitNumber: resident.unitNumber ?? '',
  address: (resident.address as Address | null) ?? null,
});

const field = (label: string, name: keyof Values, required?: string) => (
  <Form.Item
    label={label}
    name={name}
    rules={[
      ...(required ? [{ required: true, whitespace: true, message: required }] : []),
      ...(name === 'email' ? [{ type: 'email' as const, message: 'Invalid email address.' }] : []),
    ]}
  >
    <SchemaTextInput schema={preRegResidentUpdate} field={name} />
  </Form.Item>
);

export function ResidentEditModal({
  resident,
  open,
  onClose,
}: {
  resident: ResidentDetails;
  open: boolean;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const update = useUpdateResident();
  const errors = useFormServerErrors(form);
  const save = async (values: Values) => {
    errors.clear();
    try {
      await update.mutateAsync({ ...valuesOf(resident), ...values, id: resident.id });
      void message.success('Saved Successfully.');
      onClose();
    } catch (error) {
      errors.onError(error);
    }
  };
  return (
    <Modal
      open={open}
      title="Edit resident"
      width={800}
      okText="Save"
      onOk={() => form.submit()}
      confirmLoading={update.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        name="resident-edit"
        initialValues={valuesOf(resident)}
        onFinish={(values) => void save(values)}
        aria-label="Edit resident"
      >
        <ErrorPresenter error={errors.general} title="Update Failed" />
        <FillWithTestData
          form={form}
          values={(fake) => {
            const { firstName, lastName, email, phoneNumber } = fake.person();
            return { firstName, lastName, email, phoneNumber, address: fake.address() };
          }}
        />
        <Row gutter={12}>
          <Col xs={24} md={12}>
            {field('First name', 'firstName', 'First name is required.')}
          </Col>
          <Col xs={24} md={12}>
            {field('Last name', 'lastName', 'Last name is required.')}
          </Col>
          <Col xs={24} md={12}>
            {field('Email', 'email', 'Email is required.')}
          </Col>
          <Col xs={24} md={6}>
            {field('Phone', 'phoneNumber')}
          </Col>
          <Col xs={24} md={6}>
            {field('Unit number', 'unitNumber', 'Unit number is required.')}
          </Col>
        </Row>
        <AddressForm name="address" />
      </Form>
    </Modal>
  );
}
