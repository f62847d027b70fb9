import type { Dayjs } from 'dayjs';
import { dayjs } from '../../../lib/dayjs';
import { App, Checkbox, DatePicker, Form, InputNumber, Modal, Select } from 'antd';
import { WeightUnit } from '@registry/contracts';
import { useFormErrorDialog } from '../../../components/ErrorPresenter';
import { FillWithTestData } from '../../../components/testMode';
import { useAddDog } from '../residents.api';
import { MaxLengthInput } from '../../../components/MaxLengthInput';

type Values = {
  name: string;
  breed?: string;
  weight?: number | null;
  weightUnit: (typeof WeightUnit)[keyof typeof WeightUnit];
  isServiceAnimal?: boolean;
  dateOfBirth?: Dayjs | null;
  adoptionDate?: Dayjs | null;
};

/** Add Dog: a pre-registered dog for the resident, registered as a pet when the resident is approved. */
export function AddDogModal({
  resident,
  onClose,
}: {
  resident: { id: number; fullName: string } | null;
  onClose: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const addDog = useAddDog();
  const onError = useFormErrorDialog(form);
  const { message } = App.useApp();
  const submit = async (values: Values) => {
    if (!resident) return;
    try {
      await addDog.mutateAsync({
        residentId: resident.id,
        dog: {
          name: values.name,
          breed: values.breed,
          weight: values.weight ?? null,
          weightUnit: values.weightUnit,
          isServiceAnimal: !!values.isServiceAnimal,
          serviceAnimalRepresentationAttested: !!values.isServiceAnimal,
          dateOfBirth: values.dateOfBirth ? values.dateOfBirth.format('YYYY-MM-DD') : null,
          adoptionDate: values.adoptionDate ? values.adoptionDate.format('YYYY-MM-DD') : null,
        },
      });
      void message.success('New dog(s) created successfully.');
      onClose();
    } catch (error) {
      onError(error);
    }
  };
  return (
    <Modal
      open={resident !== null}
      title={`Add dog${resident ? ` for ${resident.fullName}` : ''}`}
      okText="Add dog"
      confirmLoading={addDog.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <FillWithTestData
        form={form}
        values={(fake) => {
          const dog = fake.dog();
          return {
            name: dog.name,
            breed: dog.breed,
            weight: dog.weight,
            weightUnit: WeightUnit.Pounds,
            dateOfBirth: dayjs(dog.dateOfBirth, 'YYYY-MM-DD'),
            adoptionDate: dayjs(dog.adoptionDate, 'YYYY-MM-DD'),
          };
        }}
      />
      <Form<Values>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ weightUnit: WeightUnit.Pounds }}
        onFinish={(values) => void submit(values)}
      >
        <Form.Item name="name" label="Dog name" rules={[{ required: true, message: 'Name is required.' }]}>
          <MaxLengthInput maxLength={50} />
        </Form.Item>
        <Form.Item name="breed" label="Breed">
          <MaxLengthInput maxLength={100} />
        </Form.Item>
        <Form.Item name="weight" label="Weight">
          <InputNumber min={0} max={500} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="weightUnit" label="Unit">
          <Select
            options={[
              { value: WeightUnit.Pounds, label: 'Pounds' },
              { value: WeightUnit.Kilograms, label: 'Kilograms' },
            ]}
          />
        </Form.Item>
        <Form.Item name="dateOfBirth" label="Date of birth">
          <DatePicker format="M/D/YYYY" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="adoptionDate" label="Adoption date">
          <DatePicker format="M/D/YYYY" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="isServiceAnimal" valuePropName="checked">
          <Checkbox>Service or emotional support animal</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}
