// The lab's own panel (issue 12: a panel's bins are data): a name, the species the engine types, the fewest markers for
// a usable profile, and the marker list with each marker's bins, one marker a line. The server checks it with the engine.
import { App, Form, InputNumber, Modal, Select } from 'antd';
import { panelCreate, panelSpecies } from '@registry/contracts';
import { useFormServerErrors, ErrorPresenter } from '../../../components/ErrorPresenter';
import { MaxLengthInput, SchemaTextInput } from '../../../components/MaxLengthInput';
import { parseMarkerList, useCreatePanel } from '../dna.api';

/**
 * The marker list's length: the contract's most markers (250), each a name (40) and a line of bins, within 100
 * characters a marker on average, so a real panel (a few dozen markers with their bins) never meets it.
 */
const PANEL_MARKER_LIST_MAX = 25_000;

type Values = { name: string; species: (typeof panelSpecies)[number]; minimumMarkers: number; markerList: string };

export function NewPanelModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const serverErrors = useFormServerErrors(form);
  const create = useCreatePanel();

  const onSave = async () => {
    const values = await form.validateFields();
    serverErrors.clear();
    create.mutate(
      {
        name: values.name,
        species: values.species,
        minimumMarkers: values.minimumMarkers,
        markers: parseMarkerList(values.markerList),
      },
      {
        onSuccess: (panel) => {
          void message.success(`Panel ${panel.name} saved.`);
          form.resetFields();
          onClose();
        },
        onError: (error) => serverErrors.onError(error),
      },
    );
  };

  return (
    <Modal
      title="New panel"
      open={open}
      onCancel={onClose}
      onOk={() => void onSave()}
      okText="Save"
      confirmLoading={create.isPending}
      destroyOnHidden
    >
      <ErrorPresenter error={serverErrors.general} />
      <Form form={form} layout="vertical" initialValues={{ species: 'Canine', minimumMarkers: 15 }}>
        <Form.Item
          name="name"
          label="Name"
          rules={[{ required: true, whitespace: true, message: 'Enter the panel name.' }]}
        >
          <SchemaTextInput schema={panelCreate} field="name" />
        </Form.Item>
        <Form.Item name="species" label="Species">
          <Select options={panelSpecies.map((s) => ({ value: s, label: s }))} aria-label="Species" />
        </Form.Item>
        <Form.Item name="minimumMarkers" label="Fewest markers for a usable profile" rules={[{ required: true }]}>
          <InputNumber min={1} max={250} precision={0} />
        </Form.Item>
        <Form.Item
          name="markerList"
          label="Markers"
          extra="One marker a line, in the order of the export; after a colon, its bins (allele sizes or names)."
          rules={[{ required: true, whitespace: true, message: 'Enter at least one marker.' }]}
        >
          <MaxLengthInput
            multiline
            maxLength={PANEL_MARKER_LIST_MAX}
            rows={8}
            placeholder={'AHT121: 96, 98, 100\nAmelogenin'}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
