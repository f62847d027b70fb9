import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Col, Form, Modal, Row, Select } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Gender, newPet, petEndpoints, type NewPetInput } from '@registry/contracts';
import { callApi } from '../../../app/client';
import { ErrorPresenter, useFormServerErrors } from '../../../components/ErrorPresenter';
import { SchemaTextInput } from '../../../components/MaxLengthInput';
import { FillWithTestData } from '../../../components/testMode';
import { petKeys, useAttachOrphan } from '../../pets/pets.api';
import { petOwnerKeys, useAddPets } from '../petowners.api';

type Values = { pets: NewPetInput[] };

/**
 * Add pets (spec 2 §2, §5): the orphaned-pets check runs first; sample numbers of orphans are attached to the owner
 * after the user confirms, and the other dogs are created. The shop's product check joins when the shop lands.
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

  const onFinish = async ({ pets }: Values) => {
    serverErrors.clear();
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
        initialValues={{ pets: [{ name: '' }] }}
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
                <Row gutter={8} key={field.key} align="bottom">
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
                    <Form.Item label="Sample number" name={[field.name, 'sampleNumber']}>
                      <SchemaTextInput schema={newPet} field="sampleNumber" />
                    </Form.Item>
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
                </Row>
              ))}
              <Button icon={<PlusOutlined />} onClick={() => addRow({ name: '' })}>
                Add another dog
              </Button>
            </>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}
