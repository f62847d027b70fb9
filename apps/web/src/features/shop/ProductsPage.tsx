// /ecommerce/products (spec 2 §2, §4): the product table (page 1, count 10), create (a new product is id 0, empty SKU
// and name, price 0, not taxable, active), edit, deactivate, reactivate and delete with the spec's failure messages.
import { useState } from 'react';
import { App, Button, Card, Checkbox, Form, InputNumber, Modal, Select, Space, Tag } from 'antd';
import { PRODUCT_NAME_MAX, PRODUCT_SKU_MAX, ShopMessages, newProduct } from '@registry/contracts';
import { useErrorDialog } from '../../components/ErrorPresenter';
import { PageTitle } from '../../components/PageTitle';
import { UrlTable } from '../../components/UrlTable';
import { fetchProducts, money, shopKeys, useProductAction, useSaveProduct, type ProductRow } from './shop.api';
import { productsSearch } from './shop.search';
import { MaxLengthInput } from '../../components/MaxLengthInput';

type FormValues = Omit<ProductRow, 'price' | 'listPrice'> & { price: number; listPrice: number | null };
const toForm = (p: ProductRow): FormValues => ({
  ...p,
  price: p.price / 100,
  listPrice: p.listPrice == null ? null : p.listPrice / 100,
});

export function ProductsPage() {
  const { message, modal } = App.useApp();
  const showError = useErrorDialog();
  const save = useSaveProduct();
  const act = useProductAction();
  const [editing, setEditing] = useState<ProductRow | null>(null);
  const [form] = Form.useForm<FormValues>();

  const open = (product: ProductRow) => {
    setEditing(product);
    form.setFieldsValue(toForm(product));
  };
  const onSave = async () => {
    const values = await form.validateFields();
    save.mutate(
      {
        ...values,
        id: editing?.id ?? 0,
        price: Math.round(values.price * 100),
        listPrice: values.listPrice == null ? null : Math.round(values.listPrice * 100),
        tags: values.tags ?? [],
      },
      {
        onSuccess: () => {
          void message.success(ShopMessages.productSaved);
          setEditing(null);
        },
        onError: (e) => showError(e),
      },
    );
  };
  const run = (row: ProductRow, action: 'delete' | 'deactivate' | 'reactivate') =>
    act
      .mutateAsync({ id: row.id, action })
      .catch((e: unknown) =>
        showError(e, action === 'delete' ? ShopMessages.productDeleteFailed : ShopMessages.productStatusFailed),
      );

  return (
    <>
      <PageTitle
        extra={
          <Button type="primary" onClick={() => open(newProduct())}>
            New product
          </Button>
        }
      >
        Products
      </PageTitle>
      <Card>
        <UrlTable<ProductRow, typeof productsSearch>
          rowKey="id"
          searchSchema={productsSearch}
          queryKey={shopKeys.productPage}
          queryFn={fetchProducts}
          pageSizeOptions={[10]}
          empty={{
            text: 'No products yet. Add the first product the shop offers.',
            // Its own name: the header's "New product" stays the one button of that name.
            action: (
              <Button type="primary" onClick={() => open(newProduct())}>
                Add the first product
              </Button>
            ),
          }}
          scroll={{ x: 'max-content' }}
          columns={[
            // The product's name stays in view while the other columns scroll (a phone shows the rest sideways); it
            // wraps between words, and the actions stack (row-actions), so the two pinned columns fit a phone side by
            // side instead of one covering the other.
            {
              title: 'Name',
              dataIndex: 'name',
              fixed: 'left',
              render: (name: string) => <div className="cell-wrap">{name}</div>,
            },
            { title: 'SKU', dataIndex: 'sku' },
            { title: 'List price', dataIndex: 'listPrice', render: (v: number | null) => money(v) },
            { title: 'Price', dataIndex: 'price', render: (v: number) => money(v) },
            { title: 'Taxable', dataIndex: 'taxable', render: (v: boolean) => (v ? 'Yes' : 'No') },
            {
              title: 'Status',
              dataIndex: 'isActive',
              render: (v: boolean) => (v ? <Tag color="green">Active</Tag> : <Tag>Inactive</Tag>),
            },
            {
              title: 'Actions',
              key: 'actions',
              render: (_: unknown, row: ProductRow) => (
                <Space wrap className="row-actions">
                  <Button size="small" onClick={() => open(row)}>
                    Edit
                  </Button>
                  {row.isActive ? (
                    <Button size="small" onClick={() => void run(row, 'deactivate')}>
                      Deactivate
                    </Button>
                  ) : (
                    <Button size="small" onClick={() => void run(row, 'reactivate')}>
                      Reactivate
                    </Button>
                  )}
                  <Button
                    size="small"
                    danger
                    onClick={() =>
                      modal.confirm({
                        title: `Delete product ${row.name}?`,
                        okText: 'Delete',
                        okButtonProps: { danger: true },
                        onOk: () => run(row, 'delete'),
                      })
                    }
                  >
                    Delete
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <Modal
        title={editing?.id ? 'Edit product' : 'New product'}
        open={editing !== null}
        onCancel={() => setEditing(null)}
        onOk={() => void onSave()}
        okText="Save"
        confirmLoading={save.isPending}
        destroyOnHidden
        forceRender
      >
        <Form form={form} layout="vertical" name="product">
          <Form.Item name="sku" label="SKU" rules={[{ required: true, whitespace: true, message: 'SKU is required.' }]}>
            <MaxLengthInput maxLength={PRODUCT_SKU_MAX} />
          </Form.Item>
          <Form.Item
            name="name"
            label="Name"
            rules={[{ required: true, whitespace: true, message: 'Name is required.' }]}
          >
            <MaxLengthInput maxLength={PRODUCT_NAME_MAX} />
          </Form.Item>
          <Form.Item name="listPrice" label="List price ($)">
            <InputNumber min={0} max={100000} precision={2} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="price" label="Price ($)" rules={[{ required: true, message: 'Price is required.' }]}>
            <InputNumber min={0} max={100000} precision={2} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="tags" label="Tags">
            <Select mode="tags" maxCount={20} />
          </Form.Item>
          <Form.Item name="taxable" valuePropName="checked">
            <Checkbox>Taxable</Checkbox>
          </Form.Item>
          <Form.Item name="isActive" valuePropName="checked">
            <Checkbox>Active</Checkbox>
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
