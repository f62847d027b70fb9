// /tools/pet-owner-assigned-promotion-codes (spec 3): the retail and collar providers' codes with the assigned and text
// filters written back to the URL, add a code, import a file.
import { useState } from 'react';
import { Alert, App, Button, Card, Form, Input, Modal, Select, Space } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PROMOTION_CODE_MAX, ShopMessages } from '@registry/contracts';
import { dayjs } from '../../app/dayjs';
import { useErrorDialog } from '../../components/ErrorPresenter';
import { PageTitle } from '../../components/PageTitle';
import { UrlTable, useUrlState } from '../../components/UrlTable';
import { ImportCodesModal } from './ImportCodesModal';
import {
  fetchProviderCodes,
  providersQuery,
  shopKeys,
  uploadCodes,
  useAddProviderCode,
  type ProviderCodeRow,
} from './shop.api';
import { providerCodesSearch } from './shop.search';

export function ProviderCodesPage() {
  const { message } = App.useApp();
  const showError = useErrorDialog();
  const client = useQueryClient();
  const providers = useQuery(providersQuery());
  const [params, setParams] = useUrlState(providerCodesSearch);
  const provider = params.provider ?? 0;
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const [search, setSearch] = useState(params.searchFilter ?? '');
  const add = useAddProviderCode();
  const [form] = Form.useForm<{ code: string }>();

  const onAdd = async () => {
    const { code } = await form.validateFields();
    add.mutate(
      { provider, code },
      {
        onSuccess: () => {
          void message.success(ShopMessages.codeAdded);
          setAdding(false);
          form.resetFields();
        },
        onError: (e) => showError(e, ShopMessages.addCodeFailed),
      },
    );
  };

  return (
    <>
      <PageTitle
        extra={
          <Space wrap>
            <Button type="primary" onClick={() => setAdding(true)}>
              Add code
            </Button>
            <Button onClick={() => setImporting(true)}>Import codes</Button>
          </Space>
        }
      >
        Pet owner promotion codes
      </PageTitle>
      {providers.isError && (
        <Alert type="error" message={ShopMessages.loadProvidersFailed} style={{ marginBottom: 16 }} />
      )}
      <Card>
        <Form layout="inline" style={{ marginBottom: 16, rowGap: 8 }}>
          <Form.Item label="Provider" htmlFor="provider-select">
            <Select
              id="provider-select"
              style={{ minWidth: 160 }}
              value={provider}
              options={(providers.data ?? []).map((p) => ({ value: p.value, label: p.name }))}
              onChange={(value: number) => setParams({ provider: value }, { resetPage: true })}
            />
          </Form.Item>
          <Form.Item label="Assigned" htmlFor="provider-assigned">
            <Select
              id="provider-assigned"
              allowClear
              style={{ width: 100 }}
              value={params.hasBeenAssigned === undefined ? undefined : String(params.hasBeenAssigned)}
              options={[
                { value: 'true', label: 'Yes' },
                { value: 'false', label: 'No' },
              ]}
              onChange={(v?: string) =>
                setParams({ hasBeenAssigned: v === undefined ? undefined : v === 'true' }, { resetPage: true })
              }
            />
          </Form.Item>
          <Form.Item label="Search" htmlFor="provider-search">
            <Input.Search
              id="provider-search"
              allowClear
              maxLength={PROMOTION_CODE_MAX}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              onSearch={(v) => setParams({ searchFilter: v || undefined }, { resetPage: true })}
            />
          </Form.Item>
        </Form>
        <UrlTable<ProviderCodeRow, typeof providerCodesSearch>
          rowKey="id"
          searchSchema={providerCodesSearch}
          queryKey={shopKeys.providerCodePage}
          queryFn={fetchProviderCodes}
          columns={[
            { title: 'Code', dataIndex: 'code' },
            { title: 'Assigned', dataIndex: 'hasBeenAssigned', render: (v: boolean) => (v ? 'Yes' : 'No') },
            { title: 'Pet owner', dataIndex: 'petOwnerName' },
            {
              title: 'Date assigned',
              dataIndex: 'dateAssigned',
              render: (d: string | null) => (d ? dayjs(d).format('M/D/YYYY') : ''),
            },
          ]}
        />
      </Card>
      <Modal
        title="Add code"
        open={adding}
        onCancel={() => setAdding(false)}
        onOk={() => void onAdd()}
        okText="Save"
        confirmLoading={add.isPending}
        destroyOnHidden
        forceRender
      >
        <Form form={form} layout="vertical" name="addProviderCode">
          <Form.Item
            name="code"
            label="Code"
            rules={[{ required: true, whitespace: true, message: ShopMessages.codeRequired }]}
          >
            <Input maxLength={PROMOTION_CODE_MAX} />
          </Form.Item>
        </Form>
      </Modal>
      <ImportCodesModal
        open={importing}
        onClose={() => setImporting(false)}
        upload={async (file) => {
          const answer = await uploadCodes({ provider }, file);
          void client.invalidateQueries({ queryKey: shopKeys.providerCodes() });
          return answer;
        }}
      />
    </>
  );
}
