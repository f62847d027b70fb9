// /shop/orders (spec 2 §2 "Orders list", path not shown; see docs/decisions/shop.md): the signed-in buyer's own orders,
// newest first, page 1 of 20 by default; each row opens its lines, and the order number leads to the details.
import { Link } from '@tanstack/react-router';
import { Card, Tag } from 'antd';
import { customerOrderStatus } from '@registry/contracts';
import { PageTitle } from '../../components/PageTitle';
import { UrlTable } from '../../components/UrlTable';
import { OrderLines } from './OrderLines';
import { fetchMyOrders, money, shopKeys, type OrderRow } from './shop.api';
import { myOrdersSearch } from './shop.search';
import { showDate } from '../../components/labTime';

const renderLines = (order: OrderRow) => <OrderLines order={order} />;

export function MyOrdersPage() {
  return (
    <>
      <PageTitle>My orders</PageTitle>
      <Card>
        <UrlTable<OrderRow, typeof myOrdersSearch>
          rowKey="id"
          searchSchema={myOrdersSearch}
          queryKey={shopKeys.myOrders}
          queryFn={fetchMyOrders}
          pageSizeOptions={[20, 50, 100]}
          locale={{ emptyText: 'You have no orders yet.' }}
          expandable={{ expandedRowRender: renderLines }}
          columns={[
            {
              title: 'Order',
              dataIndex: 'id',
              render: (id: number) => (
                <Link to="/shop/orders/$orderId" params={{ orderId: String(id) }}>
                  {id}
                </Link>
              ),
            },
            { title: 'Order date', dataIndex: 'orderDate', render: (d: string) => showDate(d) },
            { title: 'Dogs', dataIndex: 'petSummary' },
            { title: 'Total', dataIndex: 'grandTotal', render: (v: number) => money(v) },
            // One status for the customer: Refunded or Cancelled when it is (spec 2 §2).
            {
              title: 'Status',
              key: 'status',
              render: (_: unknown, order: OrderRow) => <Tag>{customerOrderStatus(order)}</Tag>,
            },
          ]}
        />
      </Card>
    </>
  );
}
