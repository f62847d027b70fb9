// Bulk upload (the selected items with a plate number; file columns tubeCode, wellLocation in selection order) and bulk
// import (file columns fulfillmentId, sampleNumber, plateNumber, tubeCode, wellLocation) of plate files.
import { useState } from 'react';
import { Alert, Button, Modal, Upload } from 'antd';
import { AncestryMessages } from '@registry/contracts';
import { useFulfillmentAction, type BulkAnswer, type FulfillmentRow } from './ancestry.api';
import { IMPORT_COLUMNS, UPLOAD_COLUMNS, readPlateFile, rowsToRecords } from './plateFile';
import { MaxLengthInput } from '../../components/MaxLengthInput';

export function PlateFileModal({
  mode,
  selected,
  onClose,
}: {
  mode: 'upload' | 'import' | null;
  selected: FulfillmentRow[];
  onClose: () => void;
}) {
  const [file, setFile] = useState<File | null>(null);
  const [plateNumber, setPlateNumber] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [answer, setAnswer] = useState<BulkAnswer | null>(null);
  const upload = useFulfillmentAction('bulkUploadPlate');
  const bulkImport = useFulfillmentAction('bulkImportPlate');

  const run = async () => {
    setProblem(null);
    setAnswer(null);
    try {
      if (mode === 'upload' && !plateNumber.trim()) throw new Error(AncestryMessages.plateNumberRequired);
      if (!file) throw new Error('Please select a file.');
      const rows = await readPlateFile(file);
      if (mode === 'upload') {
        const records = rowsToRecords(rows, UPLOAD_COLUMNS).map((r, i) => ({
          ...r,
          fulfillmentId: selected[i]?.id ?? 0,
        }));
        setAnswer(await upload.mutateAsync({ plateNumber, records: records.filter((r) => r.fulfillmentId) }));
      } else {
        const records = rowsToRecords(rows, IMPORT_COLUMNS).map((r) => ({
          ...r,
          fulfillmentId: Number(r.fulfillmentId) || 0,
        }));
        setAnswer(await bulkImport.mutateAsync({ records }));
      }
    } catch (error) {
      setProblem((error as Error).message);
    }
  };

  return (
    <Modal
      title={mode === 'upload' ? 'Bulk upload plate' : 'Bulk import plate'}
      open={mode !== null}
      onCancel={() => {
        setFile(null);
        setAnswer(null);
        setProblem(null);
        onClose();
      }}
      onOk={() => void run()}
      okText={mode === 'upload' ? 'Upload' : 'Import'}
      destroyOnHidden
    >
      {mode === 'upload' && (
        <MaxLengthInput
          aria-label="Plate number"
          placeholder="Plate number"
          maxLength={50}
          value={plateNumber}
          onChange={(v) => setPlateNumber(v)}
          style={{ marginBottom: 12 }}
        />
      )}
      <Upload
        accept=".xls,.xlsx,.ods,.csv,.txt"
        maxCount={1}
        beforeUpload={(chosen) => {
          setFile(chosen);
          return false;
        }}
        onRemove={() => setFile(null)}
      >
        <Button>Choose file</Button>
      </Upload>
      {problem && <Alert type="error" message={problem} style={{ marginTop: 12 }} />}
      {answer && (
        <Alert
          style={{ marginTop: 12 }}
          type={answer.errors.length ? 'warning' : 'success'}
          message={
            answer.errors.length
              ? answer.imported
                ? `Partial Upload: ${answer.errors.length} problem(s), ${answer.imported} imported`
                : 'Upload Failed: no data was uploaded'
              : `Import done: Imported all ${answer.imported} rows`
          }
          description={answer.errors.map((e) => (
            <div key={e.row}>
              Row {e.row}: {e.error}
            </div>
          ))}
        />
      )}
    </Modal>
  );
}
