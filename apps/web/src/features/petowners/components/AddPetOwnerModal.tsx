// "Add new or existing pet owner" (spec 2, a group's pet owners): search an existing pet owner and add them to the
// group, or create one with the spec's fields. The server refuses an email that is another pet owner's ('Email
// '{email}' is already assigned to a Pet Owner.') or an admin's, and mails the new owner UserWelcome (ParentageNewUser
// in a parentage group).
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Checkbox, Form, List, Modal, Segmented, Space, Typography } from 'antd';
import { petOwnerSearchQuery as searchFields } from '@registry/contracts';
import { ApiError } from '../../../lib/api';
import { useFormErrorDialog } from '../../../components/ErrorPresenter';
import { FillWithTestData } from '../../../components/testMode';
import { petOwnerSearchQuery, useAddPetOwnerToGroup, useCreatePetOwner } from '../petowners.api';
import { MaxLengthInput, SchemaTextInput } from '../../../components/MaxLengthInput';

type NewOwnerValues = {
  firstName: string;
  lastName: string;
  email?: string;
  phoneNumber?: string;
  companyName?: string;
  receiveEmails: boolean;
};

function ExistingOwner({
  groupId,
  groupName,
  initial,
  onDone,
}: {
  groupId: number;
  groupName: string;
  initial: string;
  onDone: () => void;
}) {
  const [text, setText] = useState(initial);
  const [term, setTerm] = useState(initial);
  const { message } = App.useApp();
  const results = useQuery({ ...petOwnerSearchQuery({ name: term, page: 1, pageSize: 10 }), enabled: term.length > 1 });
  const add = useAddPetOwnerToGroup();
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <SchemaTextInput
        kind="search"
        schema={searchFields}
        field="name"
        aria-label="Search pet owners"
        placeholder="Name or user name"
        value={text}
        onChange={setText}
        onSearch={(value) => setTerm(value.trim())}
        enterButton="Search"
      />
      {problem && <Alert type="error" showIcon message={problem} />}
      <List
        size="small"
        loading={results.isFetching}
        locale={{ emptyText: term.length > 1 ? 'No pet owner found.' : 'Type a name and search.' }}
        dataSource={results.data?.data ?? []}
        renderItem={(owner) => (
          <List.Item
            actions={[
              <Button
                key="add"
                size="small"
                type="primary"
                loading={add.isPending}
                aria-label={`Add ${owner.fullName}`}
                onClick={() =>
                  add.mutateAsync({ groupId, id: owner.id }).then(
                    (answer) => {
                      void message.success(answer?.message ?? `${owner.fullName} added to ${groupName}.`);
                      onDone();
                    },
                    (error: unknown) => setProblem(error instanceof Error ? error.message : String(error)),
                  )
                }
              >
                Add
              </Button>,
            ]}
          >
            <List.Item.Meta
              title={owner.fullName}
              description={[owner.userName, owner.email].filter(Boolean).join(' · ')}
            />
          </List.Item>
        )}
      />
    </Space>
  );
}

function NewOwner({
  groupId,
  onDone,
  onExisting,
}: {
  groupId: number;
  onDone: () => void;
  onExisting: (name: string) => void;
}) {
  const [form] = Form.useForm<NewOwnerValues>();
  const create = useCreatePetOwner(groupId);
  const onError = useFormErrorDialog(form);
  const { message } = App.useApp();
  const [assigned, setAssigned] = useState<string | null>(null);
  const submit = async (values: NewOwnerValues) => {
    setAssigned(null);
    try {
      const answer = await create.mutateAsync({
        firstName: values.firstName,
        lastName: values.lastName,
        email: values.email?.trim() || null,
        phoneNumber: values.phoneNumber?.trim() || null,
        companyName: values.companyName?.trim() || null,
        receiveEmails: values.receiveEmails,
      });
      void message.success(`${answer.message} User name: ${answer.userName}`);
      onDone();
    } catch (error) {
      // Another pet owner's email: say so, and offer that owner through the search instead.
      const emailProblem = error instanceof ApiError ? error.modelState?.email?.[0] : undefined;
      if (emailProblem && /already assigned to a Pet Owner/.test(emailProblem)) setAssigned(emailProblem);
      onError(error);
    }
  };
  return (
    <Form<NewOwnerValues>
      form={form}
      layout="vertical"
      initialValues={{ receiveEmails: true }}
      onFinish={(v) => void submit(v)}
    >
      <FillWithTestData form={form} values={(fake) => fake.person()} />
      {assigned && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message={assigned}
          action={
            <Button
              size="small"
              onClick={() =>
                onExisting(`${form.getFieldValue('firstName') ?? ''} ${form.getFieldValue('lastName') ?? ''}`.trim())
              }
            >
              Find that pet owner
            </Button>
          }
        />
      )}
      <Form.Item
        name="firstName"
        label="First name"
        rules={[{ required: true, message: 'The First Name field is required.' }]}
      >
        <MaxLengthInput maxLength={100} />
      </Form.Item>
      <Form.Item
        name="lastName"
        label="Last name"
        rules={[{ required: true, message: 'The Last Name field is required.' }]}
      >
        <MaxLengthInput maxLength={100} />
      </Form.Item>
      <Form.Item name="email" label="Email" rules={[{ type: 'email', message: 'Invalid email address.' }]}>
        <MaxLengthInput maxLength={256} />
      </Form.Item>
      <Form.Item name="phoneNumber" label="Phone">
        <MaxLengthInput maxLength={32} />
      </Form.Item>
      <Form.Item name="companyName" label="Company">
        <MaxLengthInput maxLength={200} />
      </Form.Item>
      <Form.Item name="receiveEmails" valuePropName="checked">
        <Checkbox>Receive emails</Checkbox>
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={create.isPending}>
        Create pet owner
      </Button>
    </Form>
  );
}

export function AddPetOwnerModal({
  groupId,
  groupName,
  open,
  onClose,
}: {
  groupId: number;
  groupName: string;
  open: boolean;
  onClose: () => void;
}) {
  const [mode, setMode] = useState<'existing' | 'new'>('existing');
  const [initial, setInitial] = useState('');
  return (
    <Modal
      open={open}
      title="Add new or existing pet owner"
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      width={640}
    >
      <Typography.Paragraph type="secondary">Pet owners added here join {groupName}.</Typography.Paragraph>
      <Segmented
        aria-label="Pet owner to add"
        style={{ marginBottom: 16 }}
        value={mode}
        onChange={(value) => setMode(value as 'existing' | 'new')}
        options={[
          { value: 'existing', label: 'Existing pet owner' },
          { value: 'new', label: 'New pet owner' },
        ]}
      />
      {mode === 'existing' ? (
        <ExistingOwner key={initial} groupId={groupId} groupName={groupName} initial={initial} onDone={onClose} />
      ) : (
        <NewOwner
          groupId={groupId}
          onDone={onClose}
          onExisting={(name) => {
            setInitial(name);
            setMode('existing');
          }}
        />
      )}
    </Modal>
  );
}
