// The dog products panel of the pet page (spec 3 "Dog products and order items"): the pet's order items with their
// promotion codes; provider staff assign a code (the given one or the product's next free code). The original admin
// action threw 'Not implemented'; here it works (docs/decisions/shop.md).
import { useState } from 'react';
import { App, Button, Form, Modal, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { ShopMessages } from '@registry/contracts';
import { useCurrentUser } from '../../lib/auth';
import { useErrorDialog } from '../../components/ErrorPresenter';
import { petOrderItemsQuery, useAssignCode } from './shop.api';
import { MaxLengthInput } from '../../components/MaxLengthInput';

type Item = { id: number; orderId: number; productName: string; productSku: string; code: string | null };

export function DogProductsPanel({ petId }: { petId: number }) {
  const me = useCurrentUser();
  const { message } = App.useApp();
  const showError = useErrorDialog();
  const items = useQuery(petOrderItemsQuery(petId));
  const assign = useAssignCode();
  const [target, setTarget] = useState<Item | null>(null);
  const [form] = Form.useForm<{ code?: string }>();
  if (items.isError) return <p>Failed to load order item</p>;
  if (!items.data?.length) return null;
  const onAssign = async () => {
    if (!target) return;
    const { code } = await form.validateFields();
    assign.mutate(
      { orderId: target.orderId, orderItemId: target.id, code: code?.trim() || null },
      {
        onSuccess: () => {
          void message.success(ShopMessages.codeAssigned);
          setTarget(null);
        },
        onError: (e) => showError(e),
      },
    );
  };
  return (
    <>
      <Table<Item>
        size="small"
        rowKey="id"
        pagination={false}
        title={() => 'Dog products'}
        dataSource={items.data}
        columns={[
          { title: 'Order', dataIndex: 'orderId' },
          { title: 'Product', dataIndex: 'productName' },
          { title: 'Code', dataIndex: 'code' },
          ...(me?.isBioPetAdmin
            ? [
                {
                  title: 'Actions',
                  key: 'actions',
                  render: (_: unknown, item: Item) => (
                    <Button size="small" onClick={() => setTarget(item)}>
                      Assign code
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
      <Modal
        title="Assign code"
        open={target !== null}
        onCancel={() => setTarget(null)}
        onOk={() => void onAssign()}
        okText="Assign"
        confirmLoading={assign.isPending}
        destroyOnHidden
        forceRender
      >
        <Form form={form} layout="vertical" name="dogProductCode">
          <Form.Item name="code" label="Code" extra="Leave empty to take the product's next free code.">
            <MaxLengthInput maxLength={64} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
