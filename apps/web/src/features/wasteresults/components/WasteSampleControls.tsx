// A waste sample's controls on its details (spec 2 §4, spec 3 §4 and §7 "Waste samples"): the status actions the status
// machine allows from its status (reject, accept, expire, reinstate, void, un-void, reset; reject, void and un-void ask
// for notes), and the edit of what was recorded at collection. Each answer is the sample as stored, handed to
// `onChanged` so the list it came from can show the new status at once.
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, DatePicker, Form, Modal, Space } from 'antd';
import {
  Messages,
  PetMessages,
  STATUS_NOTES_MAX,
  SampleMessages,
  can,
  sampleStatusTarget,
  wasteSampleEndpoints,
  type SampleStatusAction,
  type WasteSampleView,
} from '@registry/contracts';
import { useCurrentUser } from '../../../lib/auth';
import { callApi } from '../../../lib/client';
import { dayjs } from '../../../lib/dayjs';
import { useErrorDialog, useFormErrorDialog } from '../../../components/ErrorPresenter';
import { MaxLengthInput } from '../../../components/MaxLengthInput';
import { ACTION_LABELS } from '../../pets/SampleActions';
import { statusLabel } from '../../pets/petLabels';
import { wasteSampleKeys } from '../../wastesamples/wastesamples.api';
import { wasteResultKeys } from '../wasteresults.api';

type WasteAction = Exclude<SampleStatusAction, 'verify'>;
const WASTE_ACTIONS: WasteAction[] = [
  'reject',
  'accept',
  'expire',
  'reinstate',
  'void',
  'unvoid',
  'resetToProfileCreated',
];
const NOTES_ACTIONS: readonly WasteAction[] = ['reject', 'void', 'unvoid'];
const SUCCESS: Record<WasteAction, string> = {
  reject: PetMessages.sampleRejected,
  accept: PetMessages.sampleAccepted,
  expire: PetMessages.sampleExpired,
  reinstate: PetMessages.sampleReinstated,
  void: PetMessages.sampleVoided,
  unvoid: PetMessages.sampleUnvoided,
  resetToProfileCreated: PetMessages.statusReset,
};

function runAction(action: WasteAction, id: number, notes: string): Promise<WasteSampleView> {
  const params = { id };
  switch (action) {
    case 'reject':
      return callApi(wasteSampleEndpoints.reject, { params, body: notes });
    case 'void':
      return callApi(wasteSampleEndpoints.void, { params, body: notes });
    case 'unvoid':
      return callApi(wasteSampleEndpoints.unvoid, { params, body: notes });
    case 'accept':
      return callApi(wasteSampleEndpoints.accept, { params });
    case 'expire':
      return callApi(wasteSampleEndpoints.expire, { params });
    case 'reinstate':
      return callApi(wasteSampleEndpoints.reinstate, { params });
    case 'resetToProfileCreated':
      return callApi(wasteSampleEndpoints.reset, { params });
  }
}

/** The status actions allowed from the sample's status, for callers with the right to change it. */
export function WasteSampleStatusActions({
  sample,
  onChanged,
}: {
  sample: WasteSampleView;
  onChanged?: (sample: WasteSampleView) => void;
}) {
  const me = useCurrentUser();
  const { modal, message } = App.useApp();
  const showError = useErrorDialog();
  const client = useQueryClient();
  const [pending, setPending] = useState<WasteAction | null>(null);
  const [notes, setNotes] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: ({ action, text }: { action: WasteAction; text: string }) => runAction(action, sample.sampleId, text),
    onSuccess: (answer, { action }) => {
      void client.invalidateQueries({ queryKey: wasteSampleKeys.all });
      void client.invalidateQueries({ queryKey: wasteResultKeys.all });
      void message.success(SUCCESS[action]);
      onChanged?.(answer);
    },
  });
  if (!me || !can(me.roleId, 'sample.changeStatus')) return null;
  const allowed = WASTE_ACTIONS.filter(
    (action) => sampleStatusTarget('waste', action, sample.customerFacingStatus) !== null,
  );
  if (allowed.length === 0) return null;

  const run = (action: WasteAction, text = '') =>
    mutation.mutateAsync({ action, text }).then(
      () => setPending(null),
      (error: unknown) =>
        action === 'reject'
          ? showError(error, PetMessages.rejectFailed, PetMessages.contactAdministrator)
          : showError(error),
    );
  const open = (action: WasteAction) => {
    if (NOTES_ACTIONS.includes(action)) {
      setNotes('');
      setProblem(null);
      setPending(action);
      return;
    }
    modal.confirm({
      title: `${ACTION_LABELS[action]} ${sample.sampleNumber}`,
      content: `The status will change from ${statusLabel(sample.customerFacingStatus)}. Continue?`,
      okText: ACTION_LABELS[action],
      onOk: () => run(action),
    });
  };
  return (
    <>
      <Space wrap aria-label="Sample status actions">
        {allowed.map((action) => (
          <Button
            key={action}
            size="small"
            danger={action === 'reject' || action === 'void'}
            onClick={() => open(action)}
          >
            {ACTION_LABELS[action]}
          </Button>
        ))}
      </Space>
      <Modal
        open={pending !== null}
        title={pending ? `${ACTION_LABELS[pending]} ${sample.sampleNumber}` : ''}
        okText={pending ? ACTION_LABELS[pending] : 'OK'}
        confirmLoading={mutation.isPending}
        onCancel={() => setPending(null)}
        onOk={() => {
          if (!pending) return;
          if (!notes.trim())
            return setProblem(pending === 'reject' ? SampleMessages.rejectNotesRequired : SampleMessages.notesRequired);
          void run(pending, notes.trim());
        }}
        destroyOnHidden
      >
        <Form layout="vertical">
          <Form.Item
            label="Notes"
            htmlFor="waste-status-notes"
            validateStatus={problem ? 'error' : undefined}
            help={problem ?? undefined}
          >
            <MaxLengthInput
              id="waste-status-notes"
              multiline
              rows={3}
              maxLength={STATUS_NOTES_MAX}
              value={notes}
              onChange={setNotes}
            />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

type EditValues = {
  collectedByName: string;
  collectionLocationNotes: string;
  dateCollected: dayjs.Dayjs | null;
};

/** What was recorded at collection, editable by callers with the right (PUT /wastesamples/). */
export function WasteSampleEditForm({
  sample,
  onSaved,
}: {
  sample: WasteSampleView;
  onSaved?: (sample: WasteSampleView) => void;
}) {
  const me = useCurrentUser();
  const [form] = Form.useForm<EditValues>();
  const onError = useFormErrorDialog(form);
  const { message } = App.useApp();
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: (values: EditValues) =>
      callApi(wasteSampleEndpoints.update, {
        body: {
          sampleId: sample.sampleId,
          sampleNumber: sample.sampleNumber,
          propertyCollectedFromId: sample.propertyCollectedFromId ?? 0,
          collectedByName: values.collectedByName || null,
          collectionLocationNotes: values.collectionLocationNotes || null,
          bioPetNotes: sample.bioPetNotes,
          dateCollected: values.dateCollected ? values.dateCollected.format('YYYY-MM-DD') : null,
        },
      }),
    onSuccess: (answer) => {
      void client.invalidateQueries({ queryKey: wasteSampleKeys.all });
      void client.invalidateQueries({ queryKey: wasteResultKeys.all });
      if (answer.warning) void message.warning(answer.warning);
      else void message.success(Messages.sampleUpdated);
      onSaved?.(answer.sample);
    },
    onError,
  });
  if (!me || !can(me.roleId, 'wasteSample.edit') || sample.propertyCollectedFromId === null) return null;
  return (
    <Form<EditValues>
      form={form}
      name="waste-sample-edit"
      layout="inline"
      style={{ rowGap: 8 }}
      initialValues={{
        collectedByName: sample.collectedByName ?? '',
        collectionLocationNotes: sample.collectionLocationNotes ?? '',
        dateCollected: sample.dateCollected ? dayjs(sample.dateCollected.slice(0, 10), 'YYYY-MM-DD') : null,
      }}
      onFinish={(values) => save.mutate(values)}
    >
      <Form.Item label="Collected by" name="collectedByName">
        <MaxLengthInput maxLength={200} />
      </Form.Item>
      <Form.Item label="Collected on" name="dateCollected">
        <DatePicker format="M/D/YYYY" disabledDate={(d) => d.isAfter(dayjs(), 'day')} />
      </Form.Item>
      <Form.Item label="Location notes" name="collectionLocationNotes">
        <MaxLengthInput maxLength={500} />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          Save sample
        </Button>
      </Form.Item>
    </Form>
  );
}
