import { useEffect } from 'react';
import { Col, Form, Row, Select } from 'antd';
import { address as addressSchema, type AddressView } from '@registry/contracts';
import { SchemaTextInput } from '../../components/MaxLengthInput';
import { useCountries, useStates } from './lookups.api';

export type AddressField =
  'addressLine1' | 'addressLine2' | 'addressLine3' | 'city' | 'stateId' | 'countryId' | 'postalCode';

const DEFAULT_LABELS: Record<AddressField, string> = {
  addressLine1: 'Address line 1',
  addressLine2: 'Address line 2',
  addressLine3: 'Address line 3',
  city: 'City',
  stateId: 'State',
  countryId: 'Country',
  postalCode: 'Postal code',
};

export interface AddressFormProps {
  /** Form path of the address object inside the parent antd Form. */
  name?: string | (string | number)[];
  labels?: Partial<Record<AddressField, string>>;
  showLine2?: boolean;
  showLine3?: boolean;
  /** 'first' picks the first country, 'blank' leaves it empty, any other value is an ISO code. */
  defaultCountry?: 'first' | 'blank' | string;
  required?: Partial<Record<AddressField, boolean>>;
  disabled?: boolean;
}

/** Address values as the form edits them (ids are ISO codes), from the server's view shape. */
export function addressFormValues(view: AddressView | null | undefined) {
  return {
    addressLine1: view?.addressLine1 ?? '',
    addressLine2: view?.addressLine2 ?? '',
    addressLine3: view?.addressLine3 ?? '',
    city: view?.city ?? '',
    postalCode: view?.postalCode ?? '',
    countryId: view?.country?.id ?? undefined,
    stateId: view?.state?.id ?? undefined,
  };
}

/** Fields of an address inside a parent antd Form: country first, then the chosen country's states. */
export function AddressForm({
  name = 'address',
  labels,
  showLine2 = true,
  showLine3 = false,
  defaultCountry = 'blank',
  required = {},
  disabled,
}: AddressFormProps) {
  const form = Form.useFormInstance();
  const base = Array.isArray(name) ? name : [name];
  const path = (field: AddressField) => [...base, field];
  const countryId = Form.useWatch(path('countryId'), form) as string | undefined;
  const countries = useCountries();
  const states = useStates(countryId);
  const label = (field: AddressField) => labels?.[field] ?? DEFAULT_LABELS[field];
  const country = countries.data?.find((c) => c.id === countryId);
  const stateLabel = labels?.stateId ?? country?.subdivisionLabel ?? DEFAULT_LABELS.stateId;

  useEffect(() => {
    if (!countries.data?.length || form.getFieldValue(path('countryId'))) return;
    if (defaultCountry === 'blank') return;
    const pick =
      defaultCountry === 'first'
        ? countries.data[0]
        : countries.data.find((c) => c.id === defaultCountry || c.twoLetterCode === defaultCountry);
    if (pick) form.setFieldValue(path('countryId'), pick.id);
    // path() is derived from props that do not change during the form's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [countries.data, defaultCountry, form]);

  const rule = (field: AddressField) =>
    required[field]
      ? [{ required: true, message: `${field === 'stateId' ? stateLabel : label(field)} is required.` }]
      : [];

  return (
    <>
      <Form.Item label={label('countryId')} name={path('countryId')} rules={rule('countryId')}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          allowClear
          disabled={disabled}
          loading={countries.isLoading}
          placeholder="Select a country"
          options={countries.data?.map((c) => ({ value: c.id, label: c.name }))}
          onChange={() => form.setFieldValue(path('stateId'), undefined)}
        />
      </Form.Item>
      <Form.Item label={label('addressLine1')} name={path('addressLine1')} rules={[...rule('addressLine1')]}>
        <SchemaTextInput schema={addressSchema} field="addressLine1" disabled={disabled} autoComplete="address-line1" />
      </Form.Item>
      {showLine2 && (
        <Form.Item label={label('addressLine2')} name={path('addressLine2')}>
          <SchemaTextInput
            schema={addressSchema}
            field="addressLine2"
            disabled={disabled}
            autoComplete="address-line2"
          />
        </Form.Item>
      )}
      {showLine3 && (
        <Form.Item label={label('addressLine3')} name={path('addressLine3')}>
          <SchemaTextInput
            schema={addressSchema}
            field="addressLine3"
            disabled={disabled}
            autoComplete="address-line3"
          />
        </Form.Item>
      )}
      <Row gutter={12}>
        <Col xs={24} md={10}>
          <Form.Item label={label('city')} name={path('city')} rules={[...rule('city')]}>
            <SchemaTextInput schema={addressSchema} field="city" disabled={disabled} autoComplete="address-level2" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label={stateLabel} name={path('stateId')} rules={rule('stateId')}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              allowClear
              disabled={disabled || !countryId}
              loading={states.isLoading && !!countryId}
              placeholder={countryId ? `Select a ${stateLabel.toLowerCase()}` : 'Choose a country first'}
              options={states.data?.map((s) => ({ value: s.id, label: s.name }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item label={label('postalCode')} name={path('postalCode')} rules={[...rule('postalCode')]}>
            <SchemaTextInput schema={addressSchema} field="postalCode" disabled={disabled} autoComplete="postal-code" />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}
