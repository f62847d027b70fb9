import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { App, Checkbox, Form, Modal, Select, Space, Typography } from 'antd';
import { Gender } from '@registry/contracts';
import { ErrorPresenter, useFormErrorDialog } from '../../../components/ErrorPresenter';
import { residentDetailsQuery, useApproveResident } from '../residents.api';
import { enterMovesToName } from '../../../components/enterToName';
import { MaxLengthInput } from '../../../components/MaxLengthInput';

type DogValues = { include: boolean; defer: boolean; name: string; sampleNumber: string; gender: number };

/**
 * Approving a dog owner (spec 2 §4): the add-new-pet-owner popup, or the add-dogs popup for a partially registered
 * resident. Each ticked pre-registered dog becomes a pet with its sample number (or deferred, without one yet) and
 * keeps what the resident typed (the server fills it in); an unticked dog waits for a later approval.
 */
export function ApproveDogsModal({ residentId, onClose }: { residentId: number | null; onClose: () => void }) {
  const details = useQuery({ ...residentDetailsQuery(residentId ?? 0), enabled: residentId !== null });
  const approve = useApproveResident();
  const [form] = Form.useForm<{ dogs: DogValues[] }>();
  const onError = useFormErrorDialog(form);
  const { message } = App.useApp();
  const resident = details.data;
  const pending = resident?.dogDetails.filter((dog) => !dog.isRegistered) ?? [];

  useEffect(() => {
    if (resident)
      form.setFieldsValue({
        dogs: resident.dogDetails
          .filter((dog) => !dog.isRegistered)
          .map((dog) => ({ include: true, defer: false, name: dog.name, sampleNumber: '', gender: 0 })),
      });
  }, [resident, form]);

  const submit = async ({ dogs }: { dogs: DogValues[] }) => {
    if (!resident) return;
    try {
      const answer = await approve.mutateAsync({
        id: resident.id,
        body: {
          // Each row is the pending dog at its index: the id says which pre-registered dog it is.
          dogs: dogs
            .map((dog, index) => ({ ...dog, preRegisteredDogId: pending[index]?.id }))
            .filter((dog) => dog.include && dog.preRegisteredDogId !== undefined)
            .map((dog) => ({
              preRegisteredDogId: dog.preRegisteredDogId,
              name: dog.name,
              gender: dog.gender,
              ...(dog.defer
                ? { isDeferredRegistration: true, sampleNumber: null }
                : { sampleNumber: dog.sampleNumber.trim() }),
            })),
        },
      });
      void message.success(answer.message);
      if (answer.userName)
        void message.info(
          answer.residentNumber
            ? `Pet owner user name: ${answer.userName} (${answer.residentNumber} keeps working as a user name too)`
            : `Pet owner user name: ${answer.userName}`,
          8,
        );
      onClose();
    } catch (error) {
      onError(error);
    }
  };

  return (
    <Modal
      open={residentId !== null}
      title={resident?.isPartiallyRegistered ? 'Add dogs' : 'Add new pet owner'}
      okText="Approve"
      confirmLoading={approve.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      width={720}
    >
      <ErrorPresenter error={details.error} />
      {resident && (
        <>
          <Typography.Paragraph>
            {resident.fullName} becomes a registry pet owner at {resident.propertyName}; each ticked dog is registered
            with its sample number, or deferred to give its sample later; what the resident entered (breed, weight,
            dates, photo) carries over.
          </Typography.Paragraph>
          {pending.length === 0 && <Typography.Text>No dogs associated with this resident</Typography.Text>}
          <Form form={form} layout="vertical" onFinish={(values) => void submit(values)}>
            <Form.List name="dogs">
              {(fields) =>
                fields.map((field, index) => (
                  <Space key={field.key} wrap align="start" style={{ width: '100%' }} data-dog>
                    <Form.Item name={[field.name, 'include']} valuePropName="checked" label="Register">
                      <Checkbox aria-label={`Register ${pending[index]?.name ?? 'dog'}`} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'defer']} valuePropName="checked" label="Defer">
                      <Checkbox aria-label={`Defer ${pending[index]?.name ?? 'dog'}`} />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'name']}
                      label="Dog name"
                      rules={[{ required: true, message: 'Pet name is required.' }]}
                    >
                      <MaxLengthInput maxLength={50} data-pet-name />
                    </Form.Item>
                    <Form.Item
                      name={[field.name, 'sampleNumber']}
                      label="Sample number"
                      dependencies={[
                        ['dogs', field.name, 'include'],
                        ['dogs', field.name, 'defer'],
                      ]}
                      rules={[
                        ({ getFieldValue }) => ({
                          validator: async (_: unknown, value: string | undefined) => {
                            if (!getFieldValue(['dogs', field.name, 'include'])) return;
                            if (getFieldValue(['dogs', field.name, 'defer'])) return;
                            if (!/^(DN|DNI)\d{7}$/i.test((value ?? '').trim()))
                              throw new Error('Sample number must be DN or DNI followed by 7 digits.');
                          },
                        }),
                      ]}
                    >
                      <MaxLengthInput maxLength={10} placeholder="DN0000000" onKeyDown={enterMovesToName} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'gender']} label="Gender">
                      <Select
                        style={{ width: 120 }}
                        options={[
                          { value: Gender.Unknown, label: 'Unknown' },
                          { value: Gender.Male, label: 'Male' },
                          { value: Gender.Female, label: 'Female' },
                        ]}
                      />
                    </Form.Item>
                  </Space>
                ))
              }
            </Form.List>
          </Form>
        </>
      )}
    </Modal>
  );
}
