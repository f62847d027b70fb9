import { useEffect } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { App, Col, Divider, Form, Input, Modal, Radio, Row, Select } from 'antd';
import { ALLOWED_CHILD_TYPES, GroupTypes, groupTypeLabel, type GroupCreateRequest } from '@registry/contracts';
import { useErrorDialog } from '../../../components/ErrorPresenter';
import { humanize } from '../../../components/format';
import { adminRolesQuery } from '../../admins/admins.api';
import { groupRequested, useCreateGroup, type GroupDetails } from '../groups.api';
import { GroupFields, groupUpdateBody, type GroupFieldValues } from './GroupEditModal';
import { AdminSearchSelect } from './AdminSearchSelect';

type PrimaryChoice = 'create' | 'inherit' | 'existing';
interface AddGroupValues extends GroupFieldValues {
  groupType: number;
  primaryChoice: PrimaryChoice;
  selectedPrimaryAdminId?: number;
  newAdmin?: { firstName: string; lastName: string; email: string; role: number; phoneNumber?: string };
  additionalAdminsFromExisting?: number[];
}

/** Spec 2 §9: the group-requested call follows a new group after 1000 ms. */
export const GROUP_REQUESTED_DELAY_MS = 1000;

export function buildCreateRequest(parentId: number, v: AddGroupValues, extra: boolean): GroupCreateRequest {
  const body: GroupCreateRequest = {
    ...groupUpdateBody(v, { extra, property: v.groupType === GroupTypes.Property }),
    parentId,
    groupType: v.groupType,
    inheritPrimaryAdminFromParent: v.primaryChoice === 'inherit',
    createNewUser: v.primaryChoice === 'create',
    selectedPrimaryAdminId: v.primaryChoice === 'existing' ? (v.selectedPrimaryAdminId ?? null) : null,
    primaryAdminToBeCreated: v.primaryChoice === 'create' && v.newAdmin ? { ...v.newAdmin, userName: v.newAdmin.email } : null,
    additionalAdminsFromExisting: v.additionalAdminsFromExisting ?? [],
    additionalAdminsToBeCreated: [],
  };
  return body;
}

/** Add a group under `parent` (spec 2 §4): allowed child types (default first) and the primary admin choice. */
export function AddGroupModal({ parent, open, onClose }: { parent: GroupDetails; open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<AddGroupValues>();
  const create = useCreateGroup();
  const showError = useErrorDialog();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const roles = useQuery({ ...adminRolesQuery(), enabled: open });
  const types = ALLOWED_CHILD_TYPES[parent.groupType] ?? [];
  const groupType = (Form.useWatch('groupType', form) as number | undefined) ?? types[0];
  const choice = (Form.useWatch('primaryChoice', form) as PrimaryChoice | undefined) ?? 'create';
  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);
  const submit = async (values: AddGroupValues) => {
    try {
      const created = await create.mutateAsync({ groupType: values.groupType, body: buildCreateRequest(parent.id, values, parent.canSeeExtraFields) });
      setTimeout(() => void groupRequested(created.id).catch((e: unknown) => console.error('Group requested failed', e)), GROUP_REQUESTED_DELAY_MS);
      void message.success(`${groupTypeLabel(created.groupType)} '${created.name}' added.`);
      onClose();
      void navigate({ to: `/group/${created.id}` as never });
    } catch (error) {
      showError(error);
    }
  };
  return (
    <Modal open={open} title={`Add group under ${parent.name}`} okText="Add group" confirmLoading={create.isPending} onOk={() => form.submit()} onCancel={onClose} width={760} forceRender>
      <Form<AddGroupValues>
        form={form}
        name="add-group"
        layout="vertical"
        onFinish={(v) => void submit(v)}
        initialValues={{ groupType: types[0], primaryChoice: 'create', isSameAddress: true, certificationRecipient: 0, additionalAdminsFromExisting: [] }}
      >
        <Form.Item name="groupType" label="Group type" rules={[{ required: true }]}>
          <Radio.Group options={types.map((t) => ({ value: t, label: groupTypeLabel(t) }))} />
        </Form.Item>
        <GroupFields extra={parent.canSeeExtraFields} property={groupType === GroupTypes.Property} />
        <Divider titlePlacement="start">Primary admin</Divider>
        <Form.Item name="primaryChoice" label="Primary admin">
          <Radio.Group
            options={[
              { value: 'create', label: 'Create a new admin' },
              { value: 'inherit', label: 'Inherit from the parent' },
              { value: 'existing', label: 'Pick an existing admin' },
            ]}
          />
        </Form.Item>
        {choice === 'create' && (
          <Row gutter={12}>
            <Col xs={24} md={12}>
              <Form.Item name={['newAdmin', 'firstName']} label="First name" rules={[{ required: true, whitespace: true, message: 'The First Name field is required.' }]}>
                <Input maxLength={100} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name={['newAdmin', 'lastName']} label="Last name" rules={[{ required: true, whitespace: true, message: 'The Last Name field is required.' }]}>
                <Input maxLength={100} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name={['newAdmin', 'email']} label="Admin email" rules={[{ required: true, type: 'email', message: 'A valid email is required.' }]}>
                <Input maxLength={256} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name={['newAdmin', 'role']} label="Role" rules={[{ required: true, message: 'The Role field is required.' }]}>
                <Select loading={roles.isLoading} options={roles.data?.map((r) => ({ value: r.id, label: humanize(r.name) }))} />
              </Form.Item>
            </Col>
          </Row>
        )}
        {choice === 'existing' && (
          <Form.Item name="selectedPrimaryAdminId" label="Existing admin" rules={[{ required: true, message: 'Choose an admin.' }]}>
            <AdminSearchSelect placeholder="Type a name" />
          </Form.Item>
        )}
        <Form.Item name="additionalAdminsFromExisting" label="Additional admins">
          <AdminSearchSelect mode="multiple" placeholder="Type a name" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
