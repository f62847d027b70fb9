// The one screen behind both code tables: /ecommerce/promotion-codes (a product's codes) and
// /tools/pet-owner-assigned-promotion-codes (a provider's codes). The owner select (product or provider), the optional
// reserved filter, the assigned and text filters and the paging (`count`) live in the URL; add a code ('Code is
// required'); import a file with the per-row error list.
import { useState, type ReactNode } from 'react';
import { Alert, App, Button, Card, Form, Modal, Select, Space, type TableColumnsType } from 'antd';
import type { QueryKey } from '@tanstack/react-query';
import type { z } from 'zod';
import { PROMOTION_CODE_MAX, ShopMessages, type Paged } from '@registry/contracts';
import { useErrorDialog } from '../../components/ErrorPresenter';
import { PageTitle } from '../../components/PageTitle';
import { UrlTable, useUrlState, type CountPagingParams } from '../../components/UrlTable';
import { ImportCodesModal } from './ImportCodesModal';
import type { ImportAnswer } from './shop.api';
import { FilterBar } from '../../components/FilterBar';
import { MaxLengthInput } from '../../components/MaxLengthInput';

type CodeFilters = CountPagingParams & { isReserved?: boolean; hasBeenAssigned?: boolean; searchFilter?: string };

const yesNo = [
  { value: 'true', label: 'Yes' },
  { value: 'false', label: 'No' },
];
const boolValue = (v: boolean | undefined) => (v === undefined ? undefined : String(v));
const boolParam = (v?: string) => (v === undefined ? undefined : v === 'true');

export interface CodesPageProps<Row, S extends z.ZodType<CodeFilters>> {
  title: string;
  /** The select naming whose codes are shown: the product or the provider. */
  owner: {
    label: string;
    id: string;
    value: number | undefined;
    options: { value: number; label: string }[];
    onChange: (value: number) => void;
    loadError?: string;
  };
  /** The promotion codes of a product have a reserved flag; the provider codes do not. */
  reservedFilter: boolean;
  idPrefix: string;
  searchSchema: S;
  queryKey: (params: z.infer<S>) => QueryKey;
  queryFn: (params: z.infer<S>) => Promise<Paged<Row>>;
  columns: TableColumnsType<Row>;
  /** Shown instead of the table while there is no owner to show codes of. */
  empty?: ReactNode;
  addCode: (code: string) => Promise<unknown>;
  adding: boolean;
  upload: (file: File) => Promise<ImportAnswer>;
  /** The wrong-file-type message of this screen's import. */
  invalidFileMessage: string;
}

export function CodesPage<Row extends object, S extends z.ZodType<CodeFilters>>(props: CodesPageProps<Row, S>) {
  const { title, owner, reservedFilter, idPrefix, searchSchema } = props;
  const { message } = App.useApp();
  const showError = useErrorDialog();
  const [params, setParams] = useUrlState(searchSchema);
  const filters = params as CodeFilters;
  const [addOpen, setAddOpen] = useState(false);
  const [importing, setImporting] = useState(false);
  const [search, setSearch] = useState(filters.searchFilter ?? '');
  const [form] = Form.useForm<{ code: string }>();
  const ready = owner.value !== undefined;
  const setFilter = (patch: Partial<CodeFilters>) => setParams(patch as Partial<z.infer<S>>, { resetPage: true });

  const onAdd = async () => {
    const { code } = await form.validateFields();
    try {
      await props.addCode(code);
      void message.success(ShopMessages.codeAdded);
      setAddOpen(false);
      form.resetFields();
    } catch (e) {
      showError(e, ShopMessages.addCodeFailed);
    }
  };

  return (
    <>
      <PageTitle
        extra={
          <Space wrap>
            <Button type="primary" disabled={!ready} onClick={() => setAddOpen(true)}>
              Add code
            </Button>
            <Button disabled={!ready} onClick={() => setImporting(true)}>
              Import codes
            </Button>
          </Space>
        }
      >
        {title}
      </PageTitle>
      {owner.loadError && <Alert type="error" message={owner.loadError} style={{ marginBottom: 16 }} />}
      <Card>
        <FilterBar style={{ marginBottom: 16, rowGap: 8 }}>
          <Form.Item label={owner.label} htmlFor={owner.id}>
            <Select
              id={owner.id}
              style={{ minWidth: 200 }}
              value={owner.value}
              options={owner.options}
              onChange={owner.onChange}
            />
          </Form.Item>
          {reservedFilter && (
            <Form.Item label="Reserved" htmlFor={`${idPrefix}-reserved`}>
              <Select
                id={`${idPrefix}-reserved`}
                allowClear
                style={{ width: 100 }}
                value={boolValue(filters.isReserved)}
                options={yesNo}
                onChange={(v?: string) => setFilter({ isReserved: boolParam(v) })}
              />
            </Form.Item>
          )}
          <Form.Item label="Assigned" htmlFor={`${idPrefix}-assigned`}>
            <Select
              id={`${idPrefix}-assigned`}
              allowClear
              style={{ width: 100 }}
              value={boolValue(filters.hasBeenAssigned)}
              options={yesNo}
              onChange={(v?: string) => setFilter({ hasBeenAssigned: boolParam(v) })}
            />
          </Form.Item>
          <Form.Item label="Search" htmlFor={`${idPrefix}-search`}>
            <MaxLengthInput
              kind="search"
              id={`${idPrefix}-search`}
              allowClear
              maxLength={PROMOTION_CODE_MAX}
              value={search}
              onChange={(v) => setSearch(v)}
              onSearch={(v) => setFilter({ searchFilter: v || undefined })}
            />
          </Form.Item>
        </FilterBar>
        {ready ? (
          <UrlTable<Row, S>
            rowKey="id"
            searchSchema={searchSchema}
            queryKey={props.queryKey}
            queryFn={props.queryFn}
            columns={props.columns}
            errorFallback={ShopMessages.loadCodesFailed}
          />
        ) : (
          props.empty
        )}
      </Card>
      <Modal
        title="Add code"
        open={addOpen}
        onCancel={() => setAddOpen(false)}
        onOk={() => void onAdd()}
        okText="Save"
        confirmLoading={props.adding}
        destroyOnHidden
        forceRender
      >
        <Form form={form} layout="vertical" name={`${idPrefix}AddCode`}>
          <Form.Item
            name="code"
            label="Code"
            rules={[{ required: true, whitespace: true, message: ShopMessages.codeRequired }]}
          >
            <MaxLengthInput maxLength={PROMOTION_CODE_MAX} />
          </Form.Item>
        </Form>
      </Modal>
      <ImportCodesModal
        open={importing}
        onClose={() => setImporting(false)}
        upload={props.upload}
        invalidFileMessage={props.invalidFileMessage}
      />
    </>
  );
}
