// The order confirmation (spec 2 §2): the paid order's items and totals; in the pre-registration flow it sits on the
// success page.
import { Descriptions, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { OrderStatusLabels } from '@registry/contracts';
import { money, orderQuery, type OrderRow } from './shop.api';

export function OrderConfirmation({ orderId, isPreReg }: { orderId: number; isPreReg: boolean }) {
  const order = useQuery(orderQuery(orderId));
  if (!order.data) return null;
  const o = order.data;
  return (
    <div data-testid="order-confirmation" style={{ textAlign: 'left', maxWidth: 640, margin: '0 auto' }}>
      <Descriptions size="small" column={1} bordered title={`Order ${o.id}`}>
        <Descriptions.Item label="Status">{OrderStatusLabels[o.status]}</Descriptions.Item>
        <Descriptions.Item label="Paid">
          {money(o.grandTotal)} by card ending {o.cardLastDigits}
        </Descriptions.Item>
      </Descriptions>
      <Table<OrderRow['items'][number]>
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={o.items}
        columns={[
          { title: 'Product', dataIndex: 'productName' },
          { title: 'Dog', dataIndex: 'petName' },
          { title: 'Price', dataIndex: 'subTotal', render: (v: number) => money(v) },
        ]}
      />
      {isPreReg && <p>Your kit will be prepared once your property approves your dogs.</p>}
    </div>
  );
}
