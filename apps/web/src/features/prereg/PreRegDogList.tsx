// The dogs part of the public pre-registration form: each dog's details, photo and service-animal agreement.
import {
  Button,
  Checkbox,
  Collapse,
  DatePicker,
  Form,
  InputNumber,
  Select,
  Space,
  Upload,
  type UploadFile,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { DOG_IMAGE_MAX_BYTES, DOG_IMAGE_TOO_LARGE, WeightUnit } from '@registry/contracts';
import { HtmlPreview } from '../../components/HtmlPreview';
import type { PreRegDocument } from './prereg.api';
import { MaxLengthInput } from '../../components/MaxLengthInput';

export type DogValues = {
  name: string;
  breed?: string;
  weight?: number | null;
  weightUnit: (typeof WeightUnit)[keyof typeof WeightUnit];
  isServiceAnimal?: boolean;
  serviceAnimalRepresentationAttested?: boolean;
  dateOfBirth?: Dayjs | null;
  adoptionDate?: Dayjs | null;
  photo?: UploadFile[];
};
const mustBeChecked = (message: string) => ({
  validator: async (_: unknown, value: boolean | undefined) => {
    if (!value) throw new Error(message);
  },
});

export function PolicyText({ document }: { document: PreRegDocument | undefined }) {
  if (!document) return null;
  return (
    <Collapse
      size="small"
      style={{ marginBottom: 8 }}
      items={[
        {
          key: 'doc',
          label: `Read the ${document.name} (version ${document.version})`,
          children: <HtmlPreview html={document.content} title={document.name} height={200} />,
        },
      ]}
    />
  );
}

/** The dogs list (shown once the visitor says they have dogs). */
export function PreRegDogList({
  dogs,
  serviceAgreement,
}: {
  dogs: DogValues[];
  serviceAgreement: PreRegDocument | undefined;
}) {
  return (
    <Form.List name="dogs">
      {(fields, { add, remove }) => (
        <>
          {fields.map((field, index) => (
            <fieldset key={field.key} className="prereg-dog" aria-label={`Dog ${index + 1}`}>
              <legend>Dog {index + 1}</legend>
              <Space wrap style={{ width: '100%' }} styles={{ item: { minWidth: 160, flex: 1 } }}>
                <Form.Item
                  name={[field.name, 'name']}
                  label="Dog name"
                  rules={[{ required: true, message: 'Name is required.' }]}
                >
                  <MaxLengthInput maxLength={50} />
                </Form.Item>
                <Form.Item name={[field.name, 'breed']} label="Breed">
                  <MaxLengthInput maxLength={100} />
                </Form.Item>
                <Form.Item name={[field.name, 'weight']} label="Weight">
                  <InputNumber min={0} max={500} style={{ width: '100%' }} />
                </Form.Item>
                <Form.Item name={[field.name, 'weightUnit']} label="Unit">
                  <Select
                    options={[
                      { value: WeightUnit.Pounds, label: 'Pounds' },
                      { value: WeightUnit.Kilograms, label: 'Kilograms' },
                    ]}
                  />
                </Form.Item>
                <Form.Item name={[field.name, 'dateOfBirth']} label="Date of birth">
                  <DatePicker format="M/D/YYYY" style={{ width: '100%' }} />
                </Form.Item>
                <Form.Item name={[field.name, 'adoptionDate']} label="Adoption date">
                  <DatePicker format="M/D/YYYY" style={{ width: '100%' }} />
                </Form.Item>
              </Space>
              <Form.Item
                name={[field.name, 'photo']}
                label="Photo"
                valuePropName="fileList"
                getValueFromEvent={(e: { fileList: UploadFile[] }) => e.fileList.slice(-1)}
                rules={[
                  {
                    validator: async (_: unknown, list: UploadFile[] | undefined) => {
                      const file = list?.[0]?.originFileObj;
                      if (file && file.size >= DOG_IMAGE_MAX_BYTES) throw new Error(DOG_IMAGE_TOO_LARGE);
                      if (file && !file.type.startsWith('image/')) throw new Error('File must be an image.');
                    },
                  },
                ]}
              >
                <Upload accept="image/*" maxCount={1} beforeUpload={() => false} listType="text">
                  <Button>Choose a photo</Button>
                </Upload>
              </Form.Item>
              <Form.Item name={[field.name, 'isServiceAnimal']} valuePropName="checked">
                <Checkbox>This dog is a service or emotional support animal</Checkbox>
              </Form.Item>
              {dogs[index]?.isServiceAnimal && (
                <>
                  <PolicyText document={serviceAgreement} />
                  <Form.Item
                    name={[field.name, 'serviceAnimalRepresentationAttested']}
                    valuePropName="checked"
                    rules={[mustBeChecked('Please agree to the service animal agreement.')]}
                  >
                    <Checkbox>I agree to the service animal agreement</Checkbox>
                  </Form.Item>
                </>
              )}
              {fields.length > 1 && (
                <Button danger size="small" onClick={() => remove(field.name)}>
                  Remove dog {index + 1}
                </Button>
              )}
            </fieldset>
          ))}
          <Button onClick={() => add({ name: '', weightUnit: WeightUnit.Pounds })} style={{ marginBottom: 16 }}>
            Add another dog
          </Button>
        </>
      )}
    </Form.List>
  );
}
