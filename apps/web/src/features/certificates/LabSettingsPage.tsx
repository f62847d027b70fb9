// /system/lab-settings (provider staff): the lab's identity printed on every certificate and document (name,
// address, phone, web site, accreditation line, logo) and each analyst's title and signature image as they sign.
import { useEffect, useState } from 'react';
import { App, Button, Card, Form, Image, Space, Table } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { labSettingsEndpoints, maxLengthAt, labSettingsRequest } from '@registry/contracts';
import { sendWithProgress } from '../../lib/client';
import { useErrorDialog } from '../../components/ErrorPresenter';
import { ImageUpload } from '../../components/ImageUpload';
import { PageTitle } from '../../components/PageTitle';
import { FillWithTestData } from '../../components/testMode';
import {
  certificateKeys,
  labSettingsQuery,
  useRemoveLabLogo,
  useSaveLabSettings,
  useSaveSignatory,
  type LabSettings,
  type LabSettingsBody,
} from './certificates.api';
import { MaxLengthInput } from '../../components/MaxLengthInput';

const IMAGE_MAX_BYTES = 2_000_000;
/** The documents print PNG and JPEG only. */
function imageProblem(file: { size: number; type: string }): string | null {
  if (file.size > IMAGE_MAX_BYTES) return 'The image must be at most 2 MB.';
  if (!['image/png', 'image/jpeg'].includes(file.type.toLowerCase())) return 'Please choose a PNG or JPEG image.';
  return null;
}
const max = (field: string) => maxLengthAt(labSettingsRequest, field);

function IdentityForm({ settings }: { settings: LabSettings }) {
  const { message } = App.useApp();
  const showError = useErrorDialog();
  const save = useSaveLabSettings();
  const [form] = Form.useForm<LabSettingsBody>();
  useEffect(() => form.setFieldsValue(settings), [form, settings]);
  return (
    <Form
      form={form}
      layout="vertical"
      name="labSettings"
      initialValues={settings}
      onFinish={(body) =>
        save.mutate(body, {
          onSuccess: () => void message.success('Lab settings saved.'),
          onError: (e) => showError(e, 'The lab settings could not be saved.'),
        })
      }
    >
      <FillWithTestData
        form={form}
        values={(fake) => {
          const { lastName, phoneNumber } = fake.person();
          const { addressLine1, city, stateId, postalCode } = fake.address();
          return {
            name: `${lastName} Canine Genetics Laboratory`,
            address: `${addressLine1}\n${city}, ${stateId} ${postalCode}`,
            phone: phoneNumber,
            website: 'https://lab.example',
            accreditation: 'ISO/IEC 17025 accredited',
          };
        }}
      />
      <Form.Item
        label="Lab name"
        name="name"
        rules={[{ required: true, whitespace: true, message: 'This field is required.' }]}
      >
        <MaxLengthInput maxLength={max('name')} />
      </Form.Item>
      <Form.Item label="Address" name="address">
        <MaxLengthInput multiline rows={3} maxLength={max('address')} />
      </Form.Item>
      <Form.Item label="Phone" name="phone">
        <MaxLengthInput maxLength={max('phone')} />
      </Form.Item>
      <Form.Item label="Web site" name="website">
        <MaxLengthInput maxLength={max('website')} />
      </Form.Item>
      <Form.Item
        label="Accreditation line"
        name="accreditation"
        extra="Printed under the lab's address, e.g. ISO/IEC 17025 accredited."
      >
        <MaxLengthInput maxLength={max('accreditation')} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        Save
      </Button>
    </Form>
  );
}

function SignatoryTitle({ userId, title }: { userId: number; title: string | null }) {
  const { message } = App.useApp();
  const showError = useErrorDialog();
  const save = useSaveSignatory();
  const [value, setValue] = useState(title ?? '');
  return (
    <Space.Compact>
      <MaxLengthInput
        aria-label="Title"
        value={value}
        maxLength={100}
        placeholder="e.g. Laboratory Director"
        onChange={(v) => setValue(v)}
      />
      <Button
        loading={save.isPending}
        onClick={() =>
          save.mutate(
            { userId, title: value.trim() || null },
            {
              onSuccess: () => void message.success('Signatory saved.'),
              onError: (e) => showError(e, 'The signatory could not be saved.'),
            },
          )
        }
      >
        Save title
      </Button>
    </Space.Compact>
  );
}

export function LabSettingsPage() {
  const qc = useQueryClient();
  const settings = useQuery(labSettingsQuery());
  const removeLogo = useRemoveLabLogo();
  const refresh = () => void qc.invalidateQueries({ queryKey: certificateKeys.settings });
  const data = settings.data;
  return (
    <>
      <PageTitle>Lab settings</PageTitle>
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        <Card title="Lab identity on certificates and documents" loading={settings.isPending}>
          {data && <IdentityForm settings={data} />}
        </Card>
        <Card title="Lab logo" size="small">
          {data?.logoUrl && (
            <div style={{ marginBottom: 12 }}>
              <Image src={data.logoUrl} alt="Lab logo" height={64} />
            </div>
          )}
          <Space>
            <ImageUpload
              buttonLabel="Upload lab logo"
              fileProblem={imageProblem}
              send={(form, onProgress) => sendWithProgress(labSettingsEndpoints.uploadLogo, {}, form, onProgress)}
              successMessage="Logo uploaded."
              onUploaded={refresh}
            />
            {data?.logoUrl && (
              <Button danger loading={removeLogo.isPending} onClick={() => removeLogo.mutate()}>
                Remove logo
              </Button>
            )}
          </Space>
        </Card>
        <Card title="Signatories" size="small">
          <p>The analyst who approves a result signs its certificate with this title and signature image.</p>
          <Table
            rowKey="userId"
            size="small"
            pagination={false}
            scroll={{ x: 'max-content' }}
            loading={settings.isPending}
            dataSource={data?.signatories ?? []}
            columns={[
              { title: 'Analyst', dataIndex: 'name' },
              {
                title: 'Title',
                key: 'title',
                // Keyed by the saved title, so a saved change starts the field afresh.
                render: (_, row) => (
                  <SignatoryTitle key={`${row.userId}:${row.title}`} userId={row.userId} title={row.title} />
                ),
              },
              {
                title: 'Signature',
                key: 'signature',
                render: (_, row) => (
                  <Space>
                    {row.signatureUrl && <Image src={row.signatureUrl} alt={`Signature of ${row.name}`} height={32} />}
                    <ImageUpload
                      buttonLabel="Upload signature"
                      fileProblem={imageProblem}
                      send={(form, onProgress) =>
                        sendWithProgress(
                          labSettingsEndpoints.uploadSignature,
                          { params: { userId: row.userId } },
                          form,
                          onProgress,
                        )
                      }
                      successMessage="Signature uploaded."
                      onUploaded={refresh}
                    />
                  </Space>
                ),
              },
            ]}
          />
        </Card>
      </Space>
    </>
  );
}
