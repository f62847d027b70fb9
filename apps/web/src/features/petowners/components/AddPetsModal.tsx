import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Checkbox, Col, Form, Modal, Row, Select } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Gender, newPet, newPetDefaults, petEndpoints, type NewPetInput } from '@registry/contracts';
import { useCurrentUser } from '../../../lib/auth';
import { callApi } from '../../../lib/client';
import { ErrorPresenter, useFormServerErrors } from '../../../components/ErrorPresenter';
import { SchemaTextInput } from '../../../components/MaxLengthInput';
import { FillWithTestData } from '../../../components/testMode';
import { petKeys, useAttachOrphan } from '../../pets/pets.api';
import { petOwnerKeys, useAddPets } from '../petowners.api';
import { enterMovesToName } from '../../../components/enterToName';

type Values = { pets: NewPetInput[] };

/** Spec 3 §5: a dog with none of the three products is allowed, but only after the user confirms it. */
const NO_PRODUCT_CONFIRM = 'One or more of your pets do not have a product assigned.';
const hasNoProduct = (pet: NewPetInput) => !pet.isPooPrints && !pet.isParentage && !pet.isPetId;
/** A new row: the products of spec 3 §6 for the signed-in admin's role (a parentage admin's dogs take Parentage). */
const newDog = (roleId: number | undefined): NewPetInput => ({
  name: '',
  ...newPetDefaults(roleId ?? -1),
  isPetId: false,
});

/**
 * Add pets (spec 2 §2, §5): the orphaned-pets check runs first; sample numbers of orphans are attached to the owner
 * after the user confirms, and the other dogs are created. A dog with no product asks for a confirmation first.
 */
export function AddPetsModal({
  petOwnerId,
  open,
  onClose,
}: {
  petOwnerId: number;
  open: boolean;
  onClose: () => void;
}) {
  const { modal, message } = App.useApp();
  const me = useCurrentUser();
  const qc = useQueryClient();
  const [form] = Form.useForm<Values>();
  const serverErrors = useFormServerErrors(form);
  const add = useAddPets(petOwnerId);
  const attach = useAttachOrphan();

  const save = async (dogs: NewPetInput[], orphans: { id: number; sampleNumber: string }[]) => {
    const orphanNumbers = new Set(orphans.map((o) => o.sampleNumber.toUpperCase()));
    const fresh = dogs.filter((dog) => !dog.sampleNumber || !orphanNumbers.has(dog.sampleNumber.toUpperCase()));
    for (const orphan of orphans) await attach.mutateAsync({ petId: orphan.id, newPetOwnerId: petOwnerId });
    const result = fresh.length ? await add.mutateAsync({ petOwnerId, pets: fresh }) : null;
    await Promise.all([
      qc.invalidateQueries({ queryKey: petKeys.ofOwner(petOwnerId) }),
      qc.invalidateQueries({ queryKey: petOwnerKeys.detail(petOwnerId) }),
    ]);
    void message.success(result?.message ?? 'New dog(s) created successfully.');
    onClose();
  };

  const onFinish = ({ pets }: Values) => {
    serverErrors.clear();
    if (!pets.some(hasNoProduct)) return checkOrphansThenSave(pets);
    modal.confirm({
      title: 'No product',
      content: NO_PRODUCT_CONFIRM,
      okText: 'Continue',
      onOk: () => checkOrphansThenSave(pets),
    });
  };

  const checkOrphansThenSave = async (pets: NewPetInput[]) => {
    try {
      const numbers = pets.map((pet) => pet.sampleNumber?.trim()).filter((n): n is string => Boolean(n));
      const check = numbers.length
        ? await callApi(petEndpoints.checkOrphans, { body: numbers })
        : { message: null, orphans: [] };
      if (check.orphans.length === 0) return await save(pets, []);
      modal.confirm({
        title: 'Orphaned pets found',
        content: check.message,
        okText: 'Continue',
        onOk: () => save(pets, check.orphans).catch(serverErrors.onError),
      });
    } catch (error) {
      serverErrors.onError(error);
    }
  };

  return (
    <Modal
      open={open}
      title="Add pets"
      width={900}
      okText="Save"
      onOk={() => form.submit()}
      confirmLoading={add.isPending || attach.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={onFinish}
        initialValues={{ pets: [newDog(me?.roleId)] }}
        aria-label="Add pets"
      >
        <ErrorPresenter error={serverErrors.general} />
        <FillWithTestData
          form={form}
          values={(fake) => ({
            pets: (form.getFieldValue('pets') as NewPetInput[] | undefined)?.map(() => {
              const { name, breed, gender, sampleNumber } = fake.dog();
              return { name, breed, gender, sampleNumber };
            }),
          })}
        />
        <Form.List name="pets">
          {(fields, { add: addRow, remove }) => (
            <>
              {fields.map((field, index) => (
                <Row gutter={8} key={field.key} align="bottom" data-dog>
                  <Col xs={24} md={7}>
                    <Form.Item
                      label={`Dog ${index + 1} name`}
                      name={[field.name, 'name']}
                      rules={[{ required: true, whitespace: true, message: 'Pet name is required.' }]}
                    >
                      <SchemaTextInput schema={newPet} field="name" />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={6}>
                    <Form.Item label="Breed" name={[field.name, 'breed']}>
                      <SchemaTextInput schema={newPet} field="breed" />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={5}>
                    {/* Enter (a scanner's) moves to this dog's name rather than saving. */}
                    <div onKeyDown={enterMovesToName}>
                      <Form.Item label="Sample number" name={[field.name, 'sampleNumber']}>
                        <SchemaTextInput schema={newPet} field="sampleNumber" />
                      </Form.Item>
                    </div>
                  </Col>
                  <Col xs={18} md={4}>
                    <Form.Item label="Gender" name={[field.name, 'gender']} initialValue={Gender.Unknown}>
                      <Select
                        options={[
                          { value: Gender.Unknown, label: 'Unknown' },
                          { value: Gender.Male, label: 'Male' },
                          { value: Gender.Female, label: 'Female' },
                        ]}
                      />
                    </Form.Item>
                  </Col>
                  <Col xs={6} md={2}>
                    <Form.Item>
                      <Button
                        aria-label={`Remove dog ${index + 1}`}
                        icon={<DeleteOutlined />}
                        disabled={fields.length === 1}
                        onClick={() => remove(field.name)}
                      />
                    </Form.Item>
                  </Col>
                  <Col xs={24} md={24} role="group" aria-label={`Dog ${index + 1} products`}>
                    <Form.Item name={[field.name, 'isPooPrints']} valuePropName="checked" noStyle>
                      <Checkbox>PooPrints</Checkbox>
                    </Form.Item>
                    <Form.Item name={[field.name, 'isParentage']} valuePropName="checked" noStyle>
                      <Checkbox>Parentage</Checkbox>
                    </Form.Item>
                    <Form.Item name={[field.name, 'isPetId']} valuePropName="checked" noStyle>
                      <Checkbox>Pet ID</Checkbox>
                    </Form.Item>
                  </Col>
                </Row>
              ))}
              <Button icon={<PlusOutlined />} onClick={() => addRow(newDog(me?.roleId))}>
                Add another dog
              </Button>
            </>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}
