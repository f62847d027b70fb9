// An order's lines as its customer sees them: product, dog, price and the fulfilment in the customer's words
// (Ready, Activated, Picked and Plated read as Processing).
import { Table } from 'antd';
import { customerFulfillmentLabel } from '@registry/contracts';
import { money, type OrderRow } from './shop.api';

type Line = OrderRow['items'][number];

export function OrderLines({ order }: { order: OrderRow }) {
  return (
    <Table<Line>
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={order.items}
      columns={[
        { title: 'Product', dataIndex: 'productName' },
        { title: 'Dog', dataIndex: 'petName' },
        { title: 'Price', dataIndex: 'subTotal', render: (v: number) => money(v) },
        {
          title: 'Fulfilment',
          dataIndex: 'fulfillmentStatus',
          render: (v: number | null) => (v == null ? '' : customerFulfillmentLabel(v)),
        },
        { title: 'Code', dataIndex: 'code' },
      ]}
    />
  );
}
