// /ecommerce/promotion-codes (spec 2 §2): the codes of a product (the first product by default) with the reserved,
// assigned and free-text filters and paging mirrored in the URL; add a code ('Code is required'); import a file.
import { useEffect, useState } from 'react';
import { Alert, App, Button, Card, Form, Input, Modal, Select, Space } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PROMOTION_CODE_MAX, ShopMessages } from '@registry/contracts';
import { dayjs } from '../../app/dayjs';
import { useErrorDialog } from '../../components/ErrorPresenter';
import { PageTitle } from '../../components/PageTitle';
import { UrlTable, useUrlState } from '../../components/UrlTable';
import { ImportCodesModal } from './ImportCodesModal';
import { activeProductsQuery, fetchCodes, shopKeys, uploadCodes, useAddCode, type CodeRow } from './shop.api';
import { promotionCodesSearch } from './shop.search';

const yesNo = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];
const boolValue = (v: boolean | undefined) => (v === undefined ? undefined : String(v));

export function PromotionCodesPage() {
  const { message } = App.useApp();
  const showError = useErrorDialog();
  const products = useQuery(activeProductsQuery());
  const [params, setParams] = useUrlState(promotionCodesSearch);
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const [search, setSearch] = useState(params.searchFilter ?? '');
  const add = useAddCode();
  const client = useQueryClient();
  const [form] = Form.useForm<{ code: string }>();

  const firstProduct = products.data?.[0]?.id;
  useEffect(() => {
    if (params.productId === undefined && firstProduct !== undefined) setParams({ productId: firstProduct });
  }, [params.productId, firstProduct, setParams]);

  const onAdd = async () => {
    const { code } = await form.validateFields();
    add.mutate(
      { productId: params.productId!, code },
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
            <Button type="primary" disabled={!params.productId} onClick={() => setAdding(true)}>
              Add code
            </Button>
            <Button disabled={!params.productId} onClick={() => setImporting(true)}>
              Import codes
            </Button>
          </Space>
        }
      >
        Promotion codes
      </PageTitle>
      {products.isError && (
        <Alert type="error" message={ShopMessages.loadProductsFailed} style={{ marginBottom: 16 }} />
      )}
      <Card>
        <Form layout="inline" style={{ marginBottom: 16, rowGap: 8 }}>
          <Form.Item label="Product" htmlFor="codes-product">
            <Select
              id="codes-product"
              style={{ minWidth: 200 }}
              value={params.productId}
              options={(products.data ?? []).map((p) => ({ value: p.id, label: `${p.name} (${p.sku})` }))}
              onChange={(productId: number) => setParams({ productId }, { resetPage: true })}
            />
          </Form.Item>
          <Form.Item label="Reserved" htmlFor="codes-reserved">
            <Select
              id="codes-reserved"
              allowClear
              style={{ width: 100 }}
              value={boolValue(params.isReserved)}
              options={yesNo}
              onChange={(v?: string) =>
                setParams({ isReserved: v === undefined ? undefined : v === 'true' }, { resetPage: true })
              }
            />
          </Form.Item>
          <Form.Item label="Assigned" htmlFor="codes-assigned">
            <Select
              id="codes-assigned"
              allowClear
              style={{ width: 100 }}
              value={boolValue(params.hasBeenAssigned)}
              options={yesNo}
              onChange={(v?: string) =>
                setParams({ hasBeenAssigned: v === undefined ? undefined : v === 'true' }, { resetPage: true })
              }
            />
          </Form.Item>
          <Form.Item label="Search" htmlFor="codes-search">
            <Input.Search
              id="codes-search"
              allowClear
              maxLength={PROMOTION_CODE_MAX}
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              onSearch={(v) => setParams({ searchFilter: v || undefined }, { resetPage: true })}
            />
          </Form.Item>
        </Form>
        {params.productId ? (
          <UrlTable<CodeRow, typeof promotionCodesSearch>
            rowKey="id"
            searchSchema={promotionCodesSearch}
            queryKey={shopKeys.codePage}
            queryFn={fetchCodes}
            columns={[
              { title: 'Code', dataIndex: 'code' },
              { title: 'Reserved', dataIndex: 'isReserved', render: (v: boolean) => (v ? 'Yes' : 'No') },
              { title: 'Order', dataIndex: 'orderId', render: (v: number | null) => v ?? '' },
              { title: 'Assigned', dataIndex: 'orderItemId', render: (v: number | null) => (v ? 'Yes' : 'No') },
              { title: 'Added', dataIndex: 'dateCreated', render: (d: string) => dayjs(d).format('M/D/YYYY') },
            ]}
          />
        ) : (
          <p>Create a product first.</p>
        )}
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
        <Form form={form} layout="vertical" name="addCode">
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
          const answer = await uploadCodes({ productId: params.productId! }, file);
          void client.invalidateQueries({ queryKey: shopKeys.codes() });
          return answer;
        }}
      />
    </>
  );
}
