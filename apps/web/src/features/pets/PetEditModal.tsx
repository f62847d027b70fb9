import { App, Checkbox, DatePicker, Form, InputNumber, Modal, Select, Space } from 'antd';
import { PetMessages, petUpdateRequest } from '@registry/contracts';
import { ApiError } from '../../lib/api';
import { dayjs } from '../../lib/dayjs';
import { SchemaTextInput } from '../../components/MaxLengthInput';
import { useFormServerErrors, ErrorPresenter } from '../../components/ErrorPresenter';
import { schemaRule } from '../../components/schemaRule';
import { FillWithTestData } from '../../components/testMode';
import { GENDER_OPTIONS, WEIGHT_UNIT_OPTIONS } from './petLabels';
import { useUpdatePet, type PetView } from './pets.api';

const ISO = 'YYYY-MM-DD';
type Values = {
  name: string;
  breed: string | null;
  sampleNumber: string | null;
  weight: number | null;
  weightUnit: number;
  gender: number;
  dateOfBirth: dayjs.Dayjs | null;
  adoptionDate: dayjs.Dayjs | null;
  isPooPrints: boolean;
  isParentage: boolean;
  isPetId: boolean;
};

type Revertible = 'sampleNumber' | 'name' | 'isParentage' | 'isPooPrints' | 'isPetId';
const REVERT_RULES: [Revertible, RegExp][] = [
  ['sampleNumber', /sample ?number/i],
  ['name', /\bname\b/i],
  ['isParentage', /parentage/i],
  ['isPooPrints', /poo ?prints/i],
  ['isPetId', /pet ?id\b/i],
];

/**
 * Spec 3 §5: a refused update whose errors mention the sample number, the pet's name, or the parentage, PooPrints or
 * Pet ID product puts that field back to its last saved value. Reads the message and each field problem (its key and
 * its text).
 */
export function fieldsToRevert(error: unknown): Revertible[] {
  if (!(error instanceof ApiError)) return [];
  const texts = [
    error.message,
    error.exceptionMessage ?? '',
    ...Object.entries(error.modelState ?? {}).flatMap(([key, messages]) => [key, ...messages]),
  ];
  return REVERT_RULES.filter(([, pattern]) => texts.some((text) => pattern.test(text))).map(([field]) => field);
}

/** The dog's edit form (spec 3 §2 "Dog details"); server problems land under their fields. */
export function PetEditModal({ pet, open, onClose }: { pet: PetView; open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const update = useUpdatePet();
  const errors = useFormServerErrors(form);
  const { message } = App.useApp();

  const save = async (values: Values) => {
    errors.clear();
    try {
      await update.mutateAsync({
        id: pet.id,
        name: values.name,
        breed: values.breed || null,
        sampleNumber: values.sampleNumber || null,
        weight: values.weight ?? null,
        weightUnit: values.weightUnit,
        gender: values.gender,
        dateOfBirth: values.dateOfBirth ? values.dateOfBirth.format(ISO) : null,
        adoptionDate: values.adoptionDate ? values.adoptionDate.format(ISO) : null,
        isServiceAnimal: pet.isServiceAnimal,
        isPooPrints: values.isPooPrints,
        isParentage: values.isParentage,
        isPetId: values.isPetId,
        isDeferredRegistration: pet.isDeferredRegistration,
      });
      void message.success(PetMessages.petUpdated);
      onClose();
    } catch (error) {
      errors.onError(error);
      const saved: Record<Revertible, unknown> = {
        sampleNumber: pet.sampleNumber,
        name: pet.name,
        isParentage: pet.isParentage,
        isPooPrints: pet.isPooPrints,
        isPetId: pet.isPetId,
      };
      // The field goes back to what is saved; its problem stays shown under it.
      form.setFields(
        fieldsToRevert(error).map((name) => ({ name, value: saved[name], errors: form.getFieldError(name) })),
      );
    }
  };

  return (
    <Modal
      open={open}
      title={`Edit ${pet.name}`}
      okText="Save"
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={update.isPending}
      destroyOnHidden
      width={640}
    >
      <ErrorPresenter error={errors.general} title="Update Failed" />
      {/* The sample number stays: a made-up one could belong to another pet. */}
      <FillWithTestData
        form={form}
        values={(fake) => {
          const dog = fake.dog();
          return {
            name: dog.name,
            breed: dog.breed,
            weight: dog.weight,
            weightUnit: dog.weightUnit,
            gender: dog.gender,
            dateOfBirth: dayjs(dog.dateOfBirth, ISO),
            adoptionDate: dayjs(dog.adoptionDate, ISO),
          };
        }}
      />
      <Form<Values>
        form={form}
        layout="vertical"
        name="pet-edit"
        onFinish={save}
        initialValues={{
          name: pet.name,
          breed: pet.breed,
          sampleNumber: pet.sampleNumber,
          weight: pet.weight,
          weightUnit: pet.weightUnit,
          gender: pet.gender,
          dateOfBirth: pet.dateOfBirth ? dayjs(pet.dateOfBirth, ISO) : null,
          adoptionDate: pet.adoptionDate ? dayjs(pet.adoptionDate, ISO) : null,
          isPooPrints: pet.isPooPrints,
          isParentage: pet.isParentage,
          isPetId: pet.isPetId,
        }}
      >
        {/* Spec 3 §5: Enter on the sample number moves to the pet name. */}
        <div
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            e.preventDefault();
            document.getElementById('pet-edit_name')?.focus();
          }}
        >
          <Form.Item label="Sample number" name="sampleNumber" rules={[schemaRule(petUpdateRequest, 'sampleNumber')]}>
            <SchemaTextInput schema={petUpdateRequest} field="sampleNumber" />
          </Form.Item>
        </div>
        <Form.Item label="Name" name="name" rules={[schemaRule(petUpdateRequest, 'name')]}>
          <SchemaTextInput schema={petUpdateRequest} field="name" />
        </Form.Item>
        <Form.Item label="Breed" name="breed">
          <SchemaTextInput schema={petUpdateRequest} field="breed" />
        </Form.Item>
        <Space wrap>
          <Form.Item label="Weight" name="weight" rules={[schemaRule(petUpdateRequest, 'weight')]}>
            <InputNumber />
          </Form.Item>
          <Form.Item label="Unit" name="weightUnit">
            <Select options={WEIGHT_UNIT_OPTIONS} style={{ width: 90 }} />
          </Form.Item>
          <Form.Item label="Gender" name="gender">
            <Select options={GENDER_OPTIONS} style={{ width: 120 }} />
          </Form.Item>
        </Space>
        <Space wrap>
          <Form.Item label="Date of birth" name="dateOfBirth">
            <DatePicker format="M/D/YYYY" />
          </Form.Item>
          <Form.Item label="Adoption date" name="adoptionDate">
            <DatePicker format="M/D/YYYY" />
          </Form.Item>
        </Space>
        <Space wrap>
          <Form.Item name="isPooPrints" valuePropName="checked">
            <Checkbox>PooPrints</Checkbox>
          </Form.Item>
          <Form.Item name="isParentage" valuePropName="checked">
            <Checkbox>Parentage</Checkbox>
          </Form.Item>
          <Form.Item name="isPetId" valuePropName="checked">
            <Checkbox>Pet ID</Checkbox>
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  );
}
