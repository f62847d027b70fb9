import { SchemaTextInput } from '../../../components/MaxLengthInput';
import { schemaRule } from '../../../components/schemaRule';
import { FillWithTestData } from '../../../components/testMode';
import { useEffect } from 'react';
import { App, Checkbox, Col, Form, InputNumber, Modal, Row, Select } from 'antd';
import { GroupTypes, groupUpdateRequest, type GroupUpdateRequest } from '@registry/contracts';
import { AddressForm, addressFormValues } from '../../lookups/AddressForm';
import { useFormErrorDialog } from '../../../components/ErrorPresenter';
import { useUpdateGroup, type GroupDetails } from '../groups.api';

/** Form values of the group fields shared by edit and add (address ids as ISO codes). */
export type GroupFieldValues = Omit<GroupUpdateRequest, 'mailingAddress' | 'propertyAddress'> & {
  mailingAddress?: ReturnType<typeof addressFormValues>;
  propertyAddress?: ReturnType<typeof addressFormValues>;
};

function groupFormValues(g: GroupDetails): GroupFieldValues {
  return {
    name: g.name,
    email: g.email ?? '',
    phone: g.phone ?? '',
    website: g.website ?? '',
    numberOfUnits: g.numberOfUnits,
    mailingAddress: addressFormValues(g.mailingAddress),
    isSameAddress: g.isSameAddress,
    managementCompany: g.managementCompany ?? '',
    certificationRecipient: (g.certificationRecipient ?? 0) as 0 | 1,
    propertyAddress: addressFormValues(g.propertyAddress),
    propertyNotes: g.propertyNotes ?? '',
    propertyOrderFormUrl: g.propertyOrderFormUrl ?? '',
    propertyManagementSoftware: g.propertyManagementSoftware ?? '',
    propertyType: g.propertyType ?? '',
    residentPayEnabled: g.residentPayEnabled ?? false,
    propertyRegistrationFee: g.propertyRegistrationFee,
    propertyDnBarcodeCount: g.propertyDnBarcodeCount ?? 0,
    propertyTdBarcodeCount: g.propertyTdBarcodeCount ?? 0,
    propertyDnBarcodeThreshold: g.propertyDnBarcodeThreshold ?? 0,
    propertyTdBarcodeThreshold: g.propertyTdBarcodeThreshold ?? 0,
  };
}

/** Only the fields this group and caller have are sent: the server keeps the others as they are. */
export function groupUpdateBody(
  values: GroupFieldValues,
  opts: { extra: boolean; property: boolean },
): GroupUpdateRequest {
  const body: GroupUpdateRequest = {
    name: values.name,
    email: values.email,
    phone: values.phone,
    website: values.website,
    numberOfUnits: values.numberOfUnits ?? null,
    mailingAddress: values.mailingAddress,
    isSameAddress: values.isSameAddress,
  };
  if (opts.extra) {
    body.managementCompany = values.managementCompany;
    body.certificationRecipient = values.certificationRecipient;
  }
  if (opts.property) {
    body.propertyAddress = values.isSameAddress ? values.mailingAddress : values.propertyAddress;
    body.propertyNotes = values.propertyNotes;
  }
  if (opts.property && opts.extra) {
    Object.assign(body, {
      propertyOrderFormUrl: values.propertyOrderFormUrl,
      propertyManagementSoftware: values.propertyManagementSoftware,
      propertyType: values.propertyType,
      residentPayEnabled: values.residentPayEnabled,
      propertyRegistrationFee: values.propertyRegistrationFee ?? null,
      propertyDnBarcodeCount: values.propertyDnBarcodeCount ?? 0,
      propertyTdBarcodeCount: values.propertyTdBarcodeCount ?? 0,
      propertyDnBarcodeThreshold: values.propertyDnBarcodeThreshold ?? 0,
      propertyTdBarcodeThreshold: values.propertyTdBarcodeThreshold ?? 0,
    });
  }
  return body;
}

/** The editable group fields inside a parent antd Form. */
export function GroupFields({ extra, property }: { extra: boolean; property: boolean }) {
  const same = Form.useWatch('isSameAddress') as boolean | undefined;
  const count = (name: keyof GroupFieldValues, label: string) => (
    <Col xs={24} md={6}>
      <Form.Item name={name} label={label} rules={[schemaRule(groupUpdateRequest, name)]}>
        <InputNumber style={{ width: '100%' }} />
      </Form.Item>
    </Col>
  );
  return (
    <>
      <Form.Item
        name="name"
        label="Name"
        rules={[{ required: true, whitespace: true, message: 'The Name field is required.' }]}
      >
        <SchemaTextInput schema={groupUpdateRequest} field="name" />
      </Form.Item>
      <Row gutter={12}>
        <Col xs={24} md={12}>
          <Form.Item name="email" label="Email" rules={[{ type: 'email', message: 'Invalid email.' }]}>
            <SchemaTextInput schema={groupUpdateRequest} field="email" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="phone" label="Phone">
            <SchemaTextInput schema={groupUpdateRequest} field="phone" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="website" label="Website" rules={[{ type: 'url', message: 'Invalid URL.' }]}>
            <SchemaTextInput schema={groupUpdateRequest} field="website" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="numberOfUnits"
            label="Number of units"
            rules={[schemaRule(groupUpdateRequest, 'numberOfUnits')]}
          >
            <InputNumber style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
      <AddressForm
        name="mailingAddress"
        labels={{ addressLine1: 'Mailing address line 1', addressLine2: 'Mailing address line 2' }}
      />
      {extra && (
        <Row gutter={12}>
          <Col xs={24} md={12}>
            <Form.Item name="managementCompany" label="Management company">
              <SchemaTextInput schema={groupUpdateRequest} field="managementCompany" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="certificationRecipient" label="Certification recipient">
              <Select
                options={[
                  { value: 0, label: 'Property' },
                  { value: 1, label: 'Distributor' },
                ]}
              />
            </Form.Item>
          </Col>
        </Row>
      )}
      {property && (
        <>
          <Form.Item name="isSameAddress" valuePropName="checked">
            <Checkbox>Property address is the same as the mailing address</Checkbox>
          </Form.Item>
          {!same && (
            <AddressForm
              name="propertyAddress"
              labels={{ addressLine1: 'Property address line 1', addressLine2: 'Property address line 2' }}
            />
          )}
          <Form.Item name="propertyNotes" label="Property notes">
            <SchemaTextInput schema={groupUpdateRequest} field="propertyNotes" multiline rows={3} />
          </Form.Item>
        </>
      )}
      {property && extra && (
        <Row gutter={12}>
          <Col xs={24} md={12}>
            <Form.Item
              name="propertyOrderFormUrl"
              label="Order form URL"
              rules={[{ type: 'url', message: 'Invalid URL.' }]}
            >
              <SchemaTextInput schema={groupUpdateRequest} field="propertyOrderFormUrl" />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item name="propertyManagementSoftware" label="Management software">
              <SchemaTextInput schema={groupUpdateRequest} field="propertyManagementSoftware" />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item name="propertyType" label="Property type">
              <SchemaTextInput schema={groupUpdateRequest} field="propertyType" />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item name="residentPayEnabled" valuePropName="checked" label="Resident pay">
              <Checkbox>Enabled</Checkbox>
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item
              name="propertyRegistrationFee"
              label="Registration fee"
              rules={[schemaRule(groupUpdateRequest, 'propertyRegistrationFee')]}
            >
              <InputNumber style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          {count('propertyDnBarcodeCount', 'DN barcode count')}
          {count('propertyTdBarcodeCount', 'TD barcode count')}
          {count('propertyDnBarcodeThreshold', 'DN barcode threshold')}
          {count('propertyTdBarcodeThreshold', 'TD barcode threshold')}
        </Row>
      )}
    </>
  );
}

export function GroupEditModal({ group, open, onClose }: { group: GroupDetails; open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<GroupFieldValues>();
  const update = useUpdateGroup(group.id);
  const showError = useFormErrorDialog(form);
  const { message } = App.useApp();
  const property = group.groupType === GroupTypes.Property;
  useEffect(() => {
    if (open) form.setFieldsValue(groupFormValues(group));
  }, [open, group, form]);
  const save = async (values: GroupFieldValues) => {
    try {
      await update.mutateAsync(groupUpdateBody(values, { extra: group.canSeeExtraFields, property }));
      void message.success('Saved Successfully.');
      onClose();
    } catch (error) {
      showError(error);
    }
  };
  return (
    <Modal
      open={open}
      title={`Edit ${group.name}`}
      okText="Save"
      confirmLoading={update.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      width={760}
      forceRender
    >
      <Form
        form={form}
        name="edit-group"
        layout="vertical"
        onFinish={(v) => void save(v)}
        initialValues={groupFormValues(group)}
      >
        <FillWithTestData form={form} values={(fake) => ({ ...fake.group(), propertyAddress: fake.address() })} />
        <GroupFields extra={group.canSeeExtraFields} property={property} />
      </Form>
    </Modal>
  );
}
