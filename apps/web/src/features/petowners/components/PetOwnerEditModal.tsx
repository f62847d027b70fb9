import { App, Checkbox, Col, Form, Modal, Row } from 'antd';
import { petOwnerUpdateRequest, type PetOwnerUpdateRequest, type PetOwnerView } from '@registry/contracts';
import { AddressForm, addressFormValues } from '../../lookups/AddressForm';
import { ErrorPresenter, useFormServerErrors } from '../../../components/ErrorPresenter';
import { SchemaTextField } from '../../../components/MaxLengthInput';
import { FillWithTestData } from '../../../components/testMode';
import { useUpdatePetOwner } from '../petowners.api';

/** The full update body as the owner stands: PUT replaces every field; a blank security answer keeps the stored one. */
function toUpdateRequest(owner: PetOwnerView): PetOwnerUpdateRequest {
  return {
    firstName: owner.firstName ?? '',
    lastName: owner.lastName ?? '',
    email: owner.email ?? '',
    phoneNumber: owner.phoneNumber,
    companyName: owner.companyName,
    receiveEmails: owner.receiveEmails,
    address: owner.address ? addressFormValues(owner.address) : null,
    adminNotes: owner.adminNotes,
    bioPetNotes: owner.bioPetNotes,
    securityQuestion: owner.securityQuestion,
    securityQuestionAnswer: null,
  };
}

const text = (
  label: string,
  name: keyof PetOwnerUpdateRequest,
  options: { required?: boolean; multiline?: boolean } = {},
) => <SchemaTextField schema={petOwnerUpdateRequest} label={label} name={name} {...options} />;

/** Edit details in a large modal (spec 2 §2). Provider notes only for provider staff. */
export function PetOwnerEditModal({
  owner,
  open,
  showProviderNotes,
  onClose,
}: {
  owner: PetOwnerView;
  open: boolean;
  showProviderNotes: boolean;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const update = useUpdatePetOwner(owner.id);
  const [form] = Form.useForm<PetOwnerUpdateRequest>();
  const serverErrors = useFormServerErrors(form);
  const onFinish = (values: PetOwnerUpdateRequest) => {
    serverErrors.clear();
    update.mutate(
      { ...toUpdateRequest(owner), ...values },
      {
        onSuccess: () => {
          void message.success('Saved Successfully.');
          onClose();
        },
        onError: serverErrors.onError,
      },
    );
  };
  return (
    <Modal
      open={open}
      title="Edit pet owner"
      width={1000}
      okText="Save"
      onOk={() => form.submit()}
      confirmLoading={update.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={toUpdateRequest(owner)}
        onFinish={onFinish}
        aria-label="Edit pet owner"
      >
        <ErrorPresenter error={serverErrors.general} />
        <FillWithTestData form={form} values={(fake) => ({ ...fake.person(), address: fake.address() })} />
        <Row gutter={12}>
          <Col xs={24} md={12}>
            {text('First Name', 'firstName', { required: true })}
          </Col>
          <Col xs={24} md={12}>
            {text('Last Name', 'lastName', { required: true })}
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
            <Form.Item label=" " name="receiveEmails" valuePropName="checked">
              <Checkbox>Receive emails</Checkbox>
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            {text('Security Question', 'securityQuestion')}
          </Col>
          <Col xs={24} md={12}>
            {text('New Security Answer', 'securityQuestionAnswer')}
          </Col>
          <Col xs={24} md={showProviderNotes ? 12 : 24}>
            {text('Admin Notes', 'adminNotes', { multiline: true })}
          </Col>
          {showProviderNotes && (
            <Col xs={24} md={12}>
              {text('Registry Notes', 'bioPetNotes', { multiline: true })}
            </Col>
          )}
        </Row>
        <AddressForm name="address" />
      </Form>
    </Modal>
  );
}
