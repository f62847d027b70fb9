// The waste sample entry shared by the two barcode screens: scan or type a TD number, see the sample when it exists,
// complete the form and save. The lab's save receives the sample; other admins' save creates or updates it.
import { useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, DatePicker, Descriptions, Form, Select, Space, Typography } from 'antd';
import type { InputRef } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import {
  Messages,
  SAMPLE_NUMBER_PATTERNS,
  SampleCustomerStatus,
  SampleMessages,
  WasteSampleReceiptFollowupAction,
  can,
  sampleStatusWords,
  wasteSampleSave,
} from '@registry/contracts';
import { ApiError } from '../../lib/api';
import { useCurrentUser } from '../../lib/auth';
import { ErrorPresenter, useFormServerErrors } from '../../components/ErrorPresenter';
import { MaxLengthInput, SchemaTextInput } from '../../components/MaxLengthInput';
import { PageTitle } from '../../components/PageTitle';
import { FillWithTestData } from '../../components/testMode';
import { ReceiptCollectionRecord } from '../fieldcollection/components/ReceiptCollectionRecord';
import { playErrorSound } from './errorSound';
import {
  fetchIsOrphan,
  fetchWasteSample,
  stewardedPropertiesQuery,
  useSaveWasteSample,
  type WasteSample,
  type WasteSampleModel,
} from './wastesamples.api';

type FormValues = {
  propertyCollectedFromId?: number;
  collectedByName?: string;
  dateCollected?: Dayjs | null;
  collectionLocationNotes?: string;
  bioPetNotes?: string;
  followupAction?: number;
  followupActionNotes?: string;
};

/** What the barcode lookup found: a stored sample, or a new number to complete. */
type Lookup = { sampleNumber: string; sample: WasteSample | null };

const FOLLOWUP_OPTIONS = Object.entries(WasteSampleReceiptFollowupAction).map(([label, value]) => ({ label, value }));

export function WasteSampleEntry({ mode }: { mode: 'receive' | 'enter' }) {
  const { message, modal } = App.useApp();
  const me = useCurrentUser();
  const barcodeRef = useRef<InputRef>(null);
  const [barcode, setBarcode] = useState('');
  const [barcodeError, setBarcodeError] = useState<string | null>(null);
  const [lookup, setLookup] = useState<Lookup | null>(null);
  const [looking, setLooking] = useState(false);
  const [form] = Form.useForm<FormValues>();
  const serverErrors = useFormServerErrors(form);
  const save = useSaveWasteSample(mode);
  const properties = useQuery(stewardedPropertiesQuery());
  const followup = Form.useWatch('followupAction', form);

  const propertyOptions = (properties.data ?? []).map((p) => ({ label: p.name, value: p.id }));
  const single = propertyOptions.length === 1 ? propertyOptions[0] : null;
  // Property maintenance creates samples only: a stored sample is shown, not edited.
  const mayEdit = mode === 'receive' || (me !== undefined && can(me.roleId, 'wasteSample.edit'));
  const readOnly = lookup?.sample != null && !mayEdit;

  /** A barcode error: the alert, the error sound, and the input cleared for the next scan. */
  function failBarcode(text: string) {
    setBarcodeError(text);
    playErrorSound();
    setBarcode('');
    barcodeRef.current?.focus();
  }

  function startForm(next: Lookup) {
    setLookup(next);
    serverErrors.clear();
    form.resetFields();
    const sample = next.sample;
    form.setFieldsValue({
      propertyCollectedFromId: sample?.propertyCollectedFromId ?? single?.value,
      collectedByName: sample?.collectedByName ?? '',
      dateCollected: sample?.dateCollected ? dayjs(sample.dateCollected) : null,
      collectionLocationNotes: sample?.collectionLocationNotes ?? '',
      bioPetNotes: sample?.bioPetNotes ?? '',
      followupAction: WasteSampleReceiptFollowupAction.None,
      followupActionNotes: '',
    });
  }

  async function lookUp() {
    const typed = barcode.trim();
    setBarcodeError(null);
    if (!typed) return failBarcode(SampleMessages.enterSampleNumber);
    if (!SAMPLE_NUMBER_PATTERNS.waste.test(typed)) return failBarcode(Messages.barcodeInvalidFormat);
    const sampleNumber = typed.toUpperCase();
    setLooking(true);
    try {
      const sample = await fetchWasteSample(sampleNumber);
      // The lab receives a sample only at ProfileCreated: anything else is a barcode error at once (spec 3 §4).
      if (mode === 'receive' && sample.customerFacingStatus !== SampleCustomerStatus.ProfileCreated) {
        setLookup(null);
        return failBarcode(
          sample.customerFacingStatus === SampleCustomerStatus.SampleVoided
            ? Messages.sampleHasBeenVoided(sampleNumber)
            : Messages.sampleAlreadyReceived(sampleNumber),
        );
      }
      void message.success(Messages.wasteSampleFound(sampleNumber));
      if (sample.isFlagged) void message.warning(`${Messages.sampleIsFlagged} ${sample.flagNotes ?? ''}`.trim());
      startForm({ sampleNumber, sample });
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        // The usual first lookup of a new TD: information, not a warning.
        void message.info(Messages.wasteSampleNotFound(sampleNumber));
        startForm({ sampleNumber, sample: null });
      } else {
        failBarcode(error instanceof Error ? error.message : Messages.unknownError);
      }
    } finally {
      setLooking(false);
    }
  }

  function finish() {
    setLookup(null);
    setBarcode('');
    form.resetFields();
    barcodeRef.current?.focus();
  }

  async function submit(values: FormValues) {
    if (!lookup) return;
    if (mode === 'receive' && lookup.sample && (await fetchIsOrphan(lookup.sampleNumber)).isOrphan) {
      const confirmed = await modal.confirm({
        title: 'Orphaned sample',
        content: `${lookup.sampleNumber} is an orphan: its property no longer exists. Receive it on the chosen property?`,
      });
      if (!confirmed) return;
    }
    const model: WasteSampleModel = {
      sampleId: lookup.sample?.sampleId ?? null,
      sampleNumber: lookup.sampleNumber,
      propertyCollectedFromId: values.propertyCollectedFromId ?? 0,
      collectedByName: values.collectedByName,
      dateCollected: values.dateCollected ? values.dateCollected.format('YYYY-MM-DD') : null,
      collectionLocationNotes: values.collectionLocationNotes,
      // Lab notes are the lab's: other staff neither see nor change them.
      bioPetNotes: mode === 'receive' ? values.bioPetNotes : (lookup.sample?.bioPetNotes ?? ''),
      ...(mode === 'receive'
        ? { followupAction: values.followupAction, followupActionNotes: values.followupActionNotes }
        : {}),
    };
    serverErrors.clear();
    try {
      const saved = await save.mutateAsync(model);
      if (saved.warning) void message.warning(saved.warning);
      else if (mode === 'receive')
        void message.success(`${Messages.sampleUpdated} ${lookup.sampleNumber} was received.`);
      else void message.success(lookup.sample ? Messages.sampleUpdated : Messages.sampleCreated);
      finish();
    } catch (error) {
      // A refused receipt ('has been voided', 'already been received') is a barcode error: alert, sound, clear.
      if (mode === 'receive' && error instanceof ApiError && error.exceptionMessage) {
        setLookup(null);
        return failBarcode(error.exceptionMessage);
      }
      serverErrors.onError(error);
    }
  }

  const sample = lookup?.sample ?? null;
  return (
    <>
      <PageTitle>{mode === 'receive' ? 'Scan waste barcode' : 'Enter waste sample'}</PageTitle>
      <Card style={{ marginBottom: 16 }}>
        <Form layout="vertical" onFinish={() => void lookUp()}>
          <Form.Item label="Sample number" htmlFor="waste-barcode" style={{ marginBottom: 8 }}>
            <Space.Compact style={{ width: '100%', maxWidth: 420 }}>
              <MaxLengthInput
                id="waste-barcode"
                ref={barcodeRef}
                autoFocus
                autoComplete="off"
                placeholder="TD0000000"
                value={barcode}
                maxLength={10}
                onChange={(v) => setBarcode(v)}
              />
              <Button type="primary" htmlType="submit" loading={looking}>
                Look up
              </Button>
            </Space.Compact>
          </Form.Item>
        </Form>
        {barcodeError && (
          <Alert
            type="error"
            showIcon
            role="alert"
            title={barcodeError}
            closable={{ onClose: () => setBarcodeError(null) }}
          />
        )}
      </Card>
      {lookup && (
        <Card title={`Sample ${lookup.sampleNumber}`}>
          {sample && (
            <Descriptions size="small" column={{ xs: 1, sm: 2 }} style={{ marginBottom: 16 }}>
              <Descriptions.Item label="Status">{sampleStatusWords(sample.customerFacingStatus)}</Descriptions.Item>
              <Descriptions.Item label="Property">
                {sample.propertyCollectedFromName ?? 'None (orphan)'}
              </Descriptions.Item>
              {sample.isFlagged && (
                <Descriptions.Item label="Flagged">{sample.flagNotes || Messages.sampleIsFlagged}</Descriptions.Item>
              )}
            </Descriptions>
          )}
          {mode === 'receive' && <ReceiptCollectionRecord sampleNumber={lookup.sampleNumber} />}
          <ErrorPresenter error={serverErrors.general} />
          {!readOnly && (
            <FillWithTestData
              form={form}
              values={(fake) => {
                const collector = fake.person();
                return {
                  propertyCollectedFromId: form.getFieldValue('propertyCollectedFromId') ?? propertyOptions[0]?.value,
                  collectedByName: `${collector.firstName} ${collector.lastName}`,
                  dateCollected: dayjs().subtract(1, 'day'),
                  collectionLocationNotes: fake.notes(),
                  bioPetNotes: fake.notes(),
                };
              }}
            />
          )}
          <Form form={form} layout="vertical" disabled={readOnly} onFinish={(values) => void submit(values)}>
            <Form.Item
              name="propertyCollectedFromId"
              label="Property"
              rules={[{ required: true, message: 'Please select property' }]}
            >
              {single && !sample ? (
                <Select options={propertyOptions} disabled aria-label="Property" />
              ) : (
                <Select
                  options={propertyOptions}
                  showSearch={{ optionFilterProp: 'label' }}
                  loading={properties.isLoading}
                  placeholder="Select property"
                  aria-label="Property"
                />
              )}
            </Form.Item>
            <Form.Item name="collectedByName" label="Collected by">
              <SchemaTextInput schema={wasteSampleSave} field="collectedByName" />
            </Form.Item>
            <Form.Item name="dateCollected" label="Date collected">
              <DatePicker style={{ width: '100%', maxWidth: 240 }} maxDate={dayjs()} />
            </Form.Item>
            <Form.Item name="collectionLocationNotes" label="Collection location notes">
              <SchemaTextInput schema={wasteSampleSave} field="collectionLocationNotes" multiline rows={2} />
            </Form.Item>
            {mode === 'receive' && (
              <>
                <Form.Item name="bioPetNotes" label="Lab notes">
                  <SchemaTextInput schema={wasteSampleSave} field="bioPetNotes" multiline rows={2} />
                </Form.Item>
                <Form.Item name="followupAction" label="Follow-up action">
                  <Select options={FOLLOWUP_OPTIONS} style={{ maxWidth: 240 }} aria-label="Follow-up action" />
                </Form.Item>
                {followup !== undefined && followup !== WasteSampleReceiptFollowupAction.None && (
                  <Form.Item
                    name="followupActionNotes"
                    label="Follow-up notes"
                    rules={[{ required: true, whitespace: true, message: SampleMessages.notesRequired }]}
                  >
                    <SchemaTextInput schema={wasteSampleSave} field="followupActionNotes" multiline rows={2} />
                  </Form.Item>
                )}
              </>
            )}
            {readOnly ? (
              <Typography.Paragraph type="secondary">This sample has already been entered.</Typography.Paragraph>
            ) : null}
            <Space wrap>
              {!readOnly && (
                <Button type="primary" htmlType="submit" loading={save.isPending}>
                  {mode === 'receive' ? 'Save and receive' : 'Save'}
                </Button>
              )}
              <Button htmlType="button" disabled={false} onClick={finish}>
                Cancel
              </Button>
            </Space>
          </Form>
        </Card>
      )}
    </>
  );
}
