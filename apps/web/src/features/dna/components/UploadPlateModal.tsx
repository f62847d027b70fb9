// The GeneMapper import popup (spec 3 §2, §5): one file (a newer choice replaces it), a panel, the control options and
// the override (after confirmation); a progress bar while the file uploads and is processed; then the warnings.
import { useState } from 'react';
import { Alert, App, Button, Checkbox, Form, Modal, Progress, Select, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api';
import { ErrorList } from '../../../components/ErrorPresenter';
import { dnaKeys, panelsQuery, uploadPlate, type PlateUploadResult } from '../dna.api';

export function UploadPlateModal({
  open,
  onClose,
  onUploaded,
}: {
  open: boolean;
  onClose: () => void;
  onUploaded: (result: PlateUploadResult) => void;
}) {
  const { modal } = App.useApp();
  const qc = useQueryClient();
  const panels = useQuery({ ...panelsQuery(), enabled: open });
  const [file, setFile] = useState<File | null>(null);
  const [panelId, setPanelId] = useState<string | undefined>();
  const [override, setOverride] = useState(false);
  const [hasPositiveControl, setHasPositive] = useState(true);
  const [hasNegativeControl, setHasNegative] = useState(true);
  const [percent, setPercent] = useState<number | null>(null);
  const [missingFile, setMissingFile] = useState(false);
  const busy = percent !== null && percent < 100;

  const send = async (overrideControlsValidation = override) => {
    if (!file) {
      setMissingFile(true);
      return;
    }
    if (!panelId) return;
    setPercent(0);
    try {
      const result = await uploadPlate(
        file,
        { panelId, overrideControlsValidation, hasPositiveControl, hasNegativeControl },
        setPercent,
      );
      void qc.invalidateQueries({ queryKey: dnaKeys.profiles() });
      void qc.invalidateQueries({ queryKey: dnaKeys.plates() });
      setFile(null);
      setPercent(null);
      setOverride(false);
      onUploaded(result);
    } catch (error) {
      setPercent(null);
      const controls = error instanceof ApiError ? error.modelState?.controls : undefined;
      if (controls?.length && !overrideControlsValidation) {
        // The controls refused the plate (a positive control disagreeing with its reference, a contaminated negative):
        // the lab may store it anyway once it confirms the override.
        modal.confirm({
          title: 'The controls failed validation',
          content: (
            <div role="list" aria-label="Control problems">
              {controls.map((problem) => (
                <div role="listitem" key={problem}>
                  {problem}
                </div>
              ))}
            </div>
          ),
          okText: 'Override and upload',
          okButtonProps: { danger: true },
          onOk: () => void send(true),
        });
        return;
      }
      modal.error({ title: 'Error', content: <ErrorList error={error} /> });
    }
  };

  const onOverride = (checked: boolean) => {
    if (!checked) return setOverride(false);
    modal.confirm({
      title: 'Override controls validation?',
      content: 'The plate will be stored even if its controls fail validation.',
      okText: 'Override',
      onOk: () => setOverride(true),
    });
  };

  return (
    <Modal
      title="Import GeneMapper file"
      open={open}
      onCancel={busy ? undefined : onClose}
      closable={!busy}
      okText="Upload"
      onOk={() => void send()}
      okButtonProps={{ disabled: !panelId || busy, loading: busy }}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item label="Panel" htmlFor="upload-panel" required>
          <Select
            id="upload-panel"
            value={panelId}
            onChange={setPanelId}
            placeholder="Select a panel"
            loading={panels.isLoading}
            options={(panels.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
          />
        </Form.Item>
        <Form.Item
          label="GeneMapper file"
          required
          validateStatus={missingFile ? 'error' : undefined}
          help={missingFile ? 'Please select a file.' : undefined}
        >
          <Upload
            maxCount={1}
            accept=".txt,.csv,.tsv,text/plain"
            beforeUpload={(f) => {
              setFile(f);
              setMissingFile(false);
              return false;
            }}
            onRemove={() => setFile(null)}
            fileList={file ? [{ uid: 'plate', name: file.name, status: 'done' }] : []}
          >
            <Button icon={<UploadOutlined />}>Select file</Button>
          </Upload>
        </Form.Item>
        <Checkbox checked={hasPositiveControl} onChange={(e) => setHasPositive(e.target.checked)}>
          Has positive control
        </Checkbox>
        <Checkbox checked={hasNegativeControl} onChange={(e) => setHasNegative(e.target.checked)}>
          Has negative control
        </Checkbox>
        <Checkbox checked={override} onChange={(e) => onOverride(e.target.checked)}>
          Override controls validation
        </Checkbox>
        {percent !== null && (
          <div style={{ marginTop: 12 }}>
            <Typography.Text>{percent < 95 ? 'Uploading…' : 'Processing…'}</Typography.Text>
            <Progress percent={percent} status={busy ? 'active' : 'success'} aria-label="Upload progress" />
          </div>
        )}
      </Form>
    </Modal>
  );
}

/** The warnings of an upload: bad sample numbers listed, mismatched genders and flagged samples. */
export function UploadWarnings({ result, onClose }: { result: PlateUploadResult; onClose: () => void }) {
  return (
    <Alert
      type={
        result.badSampleNumbers.length ||
        result.mismatchedGenderSampleNumbers.length ||
        result.flaggedSampleNumbers.length
          ? 'warning'
          : 'success'
      }
      closable={{ onClose }}
      style={{ marginBottom: 16 }}
      title={`Plate ${result.plateName} uploaded: ${result.profileCount} profiles.`}
      description={
        <div className="upload-warnings">
          {!result.controlsPassed && <div>Controls validation was overridden: {result.controlProblems.join('; ')}</div>}
          {result.badSampleNumbers.length > 0 && <div>Bad sample numbers: {result.badSampleNumbers.join(', ')}</div>}
          {result.mismatchedGenderSampleNumbers.length > 0 && (
            <div>Gender mismatch: {result.mismatchedGenderSampleNumbers.join(', ')}</div>
          )}
          {result.flaggedSampleNumbers.length > 0 && (
            <div>Flagged samples: {result.flaggedSampleNumbers.join(', ')}</div>
          )}
        </div>
      }
    />
  );
}
