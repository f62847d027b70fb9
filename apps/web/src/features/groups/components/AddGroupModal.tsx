import { useEffect, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Divider, Form, Modal, Radio } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  ALLOWED_CHILD_TYPES,
  GroupTypes,
  Messages,
  existingAdminOffer,
  groupTypeLabel,
  type ExistingAdminOffer,
  type GroupCreateRequest,
} from '@registry/contracts';
import { ApiError } from '../../../lib/api';
import { useFormErrorDialog } from '../../../components/ErrorPresenter';
import { FillWithTestData } from '../../../components/testMode';
import { creatableAdminRolesQuery } from '../../admins/admins.api';
import { groupRequested, useCreateGroup, type GroupDetails } from '../groups.api';
import { GroupFields, groupUpdateBody, type GroupFieldValues } from './GroupEditModal';
import { AdminSearchSelect, type KnownAdmin } from './AdminSearchSelect';
import { NewAdminFields, fittingRole, type NewAdminValues } from './NewAdminFields';

type PrimaryChoice = 'create' | 'inherit' | 'existing';
export interface AddGroupValues extends GroupFieldValues {
  groupType: number;
  primaryChoice: PrimaryChoice;
  selectedPrimaryAdminId?: number;
  newAdmin?: NewAdminValues;
  additionalAdminsFromExisting?: number[];
  additionalAdminsToBeCreated?: NewAdminValues[];
}

/** Spec 2 §9: the group-requested call follows a new group after 1000 ms. */
const GROUP_REQUESTED_DELAY_MS = 1000;

const asNewAdmin = (admin: NewAdminValues) => ({ ...admin, userName: admin.email });

export function buildCreateRequest(parentId: number, v: AddGroupValues, extra: boolean): GroupCreateRequest {
  return {
    ...groupUpdateBody(v, { extra, property: v.groupType === GroupTypes.Property }),
    parentId,
    groupType: v.groupType,
    inheritPrimaryAdminFromParent: v.primaryChoice === 'inherit',
    createNewUser: v.primaryChoice === 'create',
    selectedPrimaryAdminId: v.primaryChoice === 'existing' ? (v.selectedPrimaryAdminId ?? null) : null,
    primaryAdminToBeCreated: v.primaryChoice === 'create' && v.newAdmin ? asNewAdmin(v.newAdmin) : null,
    additionalAdminsFromExisting: v.additionalAdminsFromExisting ?? [],
    additionalAdminsToBeCreated: (v.additionalAdminsToBeCreated ?? []).map(asNewAdmin),
  };
}

/** The server's offer to use an existing admin instead of creating one with that admin's email, if the error is one. */
function existingAdminOfferOf(error: unknown): ExistingAdminOffer | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const parsed = existingAdminOffer.safeParse(error.body);
  return parsed.success ? parsed.data : null;
}

/** The form path of the new admin a payload field names ('primaryAdminToBeCreated', 'additionalAdminsToBeCreated.2'). */
export function newAdminPathOf(field: string): ['newAdmin'] | ['additionalAdminsToBeCreated', number] | null {
  if (field === 'primaryAdminToBeCreated') return ['newAdmin'];
  const match = /^additionalAdminsToBeCreated\.(\d+)$/.exec(field);
  return match ? ['additionalAdminsToBeCreated', Number(match[1])] : null;
}

/** Taking the offer: the new admin entry is dropped and the existing admin takes its place (primary or additional). */
export function takeExistingAdminOffer(v: AddGroupValues, offer: ExistingAdminOffer): AddGroupValues {
  const path = newAdminPathOf(offer.field);
  if (path?.[0] === 'newAdmin')
    return { ...v, primaryChoice: 'existing', selectedPrimaryAdminId: offer.existingUserId, newAdmin: undefined };
  if (!path) return v;
  const existing = v.additionalAdminsFromExisting ?? [];
  return {
    ...v,
    additionalAdminsToBeCreated: (v.additionalAdminsToBeCreated ?? []).filter((_, index) => index !== path[1]),
    additionalAdminsFromExisting: existing.includes(offer.existingUserId)
      ? existing
      : [...existing, offer.existingUserId],
  };
}

/**
 * Add a group under `parent` (spec 2 §4): allowed child types (default first), the primary admin choice, and
 * additional admins, existing or new. New admins' roles are those the caller may create for the chosen type.
 */
export function AddGroupModal({ parent, open, onClose }: { parent: GroupDetails; open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<AddGroupValues>();
  // Names of admins taken from email offers; kept across openings, as only chosen ones are shown.
  const [known, setKnown] = useState<KnownAdmin[]>([]);
  const create = useCreateGroup();
  const showError = useFormErrorDialog(form);
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const types = ALLOWED_CHILD_TYPES[parent.groupType] ?? [];
  const groupType = (Form.useWatch('groupType', form) as number | undefined) ?? types[0];
  const choice = (Form.useWatch('primaryChoice', form) as PrimaryChoice | undefined) ?? 'create';
  const roles = useQuery({ ...creatableAdminRolesQuery(groupType), enabled: open && groupType !== undefined });
  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);
  // A new type offers other roles: keep a role that still fits, else preset the only one offered.
  useEffect(() => {
    const offered = roles.data;
    if (!open || !offered) return;
    const v = form.getFieldsValue(true) as AddGroupValues;
    form.setFieldsValue({
      newAdmin: { ...v.newAdmin, role: fittingRole(v.newAdmin?.role, offered) } as NewAdminValues,
      additionalAdminsToBeCreated: (v.additionalAdminsToBeCreated ?? []).map(
        (admin) => ({ ...admin, role: fittingRole(admin.role, offered) }) as NewAdminValues,
      ),
    });
  }, [open, roles.data, form]);

  const offerExistingAdmin = (values: AddGroupValues, offer: ExistingAdminOffer) => {
    const path = newAdminPathOf(offer.field);
    modal.confirm({
      title: 'Admin already exists',
      content: Messages.emailBelongsToAdmin(offer.email, offer.existingUserFullName),
      okText: 'Add admin',
      onOk: () => {
        const next = takeExistingAdminOffer(values, offer);
        setKnown((list) => [...list, { value: offer.existingUserId, label: offer.existingUserFullName }]);
        form.setFieldsValue(next);
        // The values were valid apart from this email: send them again straight away.
        void submit(next);
      },
      // Declined: the email stays, marked, so the user can change it.
      onCancel: () =>
        path && form.setFields([{ name: [...path, 'email'], errors: ['This email belongs to an existing admin.'] }]),
    });
  };

  const submit = async (values: AddGroupValues) => {
    try {
      const created = await create.mutateAsync({
        groupType: values.groupType,
        body: buildCreateRequest(parent.id, values, parent.canSeeExtraFields),
      });
      setTimeout(
        () => void groupRequested(created.id).catch((e: unknown) => console.error('Group requested failed', e)),
        GROUP_REQUESTED_DELAY_MS,
      );
      void message.success(`${groupTypeLabel(created.groupType)} '${created.name}' added.`);
      onClose();
      void navigate({ to: '/group/$id', params: { id: String(created.id) } });
    } catch (error) {
      const offer = existingAdminOfferOf(error);
      if (offer) offerExistingAdmin(values, offer);
      else showError(error);
    }
  };
  const roleProps = { roles: roles.data, rolesLoading: roles.isLoading };
  return (
    <Modal
      open={open}
      title={`Add group under ${parent.name}`}
      okText="Add group"
      confirmLoading={create.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      width={760}
      forceRender
    >
      <Form<AddGroupValues>
        form={form}
        name="add-group"
        layout="vertical"
        onFinish={(v) => void submit(v)}
        initialValues={{
          groupType: types[0],
          primaryChoice: 'create',
          isSameAddress: true,
          certificationRecipient: 0,
          additionalAdminsFromExisting: [],
          additionalAdminsToBeCreated: [],
        }}
      >
        <FillWithTestData
          form={form}
          values={(fake) => {
            const { firstName, lastName, email } = fake.person();
            return { ...fake.group(), propertyAddress: fake.address(), newAdmin: { firstName, lastName, email } };
          }}
        />
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
        {choice === 'create' && <NewAdminFields name={['newAdmin']} label="New primary admin" {...roleProps} />}
        {choice === 'existing' && (
          <Form.Item
            name="selectedPrimaryAdminId"
            label="Existing admin"
            rules={[{ required: true, message: 'Choose an admin.' }]}
          >
            <AdminSearchSelect placeholder="Type a name" known={known} />
          </Form.Item>
        )}
        <Divider titlePlacement="start">Additional admins</Divider>
        <Form.Item name="additionalAdminsFromExisting" label="Existing admins">
          <AdminSearchSelect mode="multiple" placeholder="Type a name" known={known} />
        </Form.Item>
        <Form.List name="additionalAdminsToBeCreated">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field, index) => (
                <Card
                  key={field.key}
                  size="small"
                  role="group"
                  aria-label={`New admin ${index + 1}`}
                  title={`New admin ${index + 1}`}
                  extra={
                    <Button
                      type="text"
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={`Remove new admin ${index + 1}`}
                      onClick={() => remove(field.name)}
                    />
                  }
                  style={{ marginBottom: 12 }}
                >
                  <NewAdminFields name={[field.name]} {...roleProps} />
                </Card>
              ))}
              <Button
                type="dashed"
                block
                icon={<PlusOutlined />}
                onClick={() => add({ role: fittingRole(undefined, roles.data ?? []) })}
              >
                Add a new admin
              </Button>
            </>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}
