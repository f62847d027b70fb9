// /shop/orders/{orderId}: one of the buyer's orders with its status, payment, totals and lines. Another buyer's order
// is answered by the server exactly like a missing one.
import { Link, useParams } from '@tanstack/react-router';
import { Card, Descriptions, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { PaymentStatus, customerOrderStatus } from '@registry/contracts';
import { ApiError } from '../../lib/api';
import { ErrorPresenter } from '../../components/ErrorPresenter';
import { NotFound, isValidId } from '../../components/NotFound';
import { PageTitle } from '../../components/PageTitle';
import { OrderLines } from './OrderLines';
import { money, orderQuery } from './shop.api';
import { showDateTime } from '../../components/labTime';

export function MyOrderPage() {
  const { orderId } = useParams({ strict: false }) as { orderId?: string };
  const id = Number(orderId);
  const valid = isValidId(id);
  const order = useQuery({ ...orderQuery(id), enabled: valid });
  const o = order.data;
  // Another buyer's order answers 404 like a missing one.
  if (!valid || (order.error instanceof ApiError && order.error.status === 404)) return <NotFound what="Order" />;
  return (
    <>
      <PageTitle extra={<Link to="/shop/orders">All my orders</Link>}>Order {id}</PageTitle>
      <ErrorPresenter error={order.error} />
      {o && (
        <Card>
          <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered style={{ marginBottom: 16 }}>
            <Descriptions.Item label="Order date">{showDateTime(o.orderDate)}</Descriptions.Item>
            <Descriptions.Item label="Status">
              <Tag data-testid="order-status">{customerOrderStatus(o)}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label="Payment">
              {o.paymentStatus === PaymentStatus.Refunded ? 'Refunded to' : 'Paid by'}
              {o.cardLastDigits ? ` card ending ${o.cardLastDigits}` : ' card'}
            </Descriptions.Item>
            <Descriptions.Item label="Subtotal">{money(o.total)}</Descriptions.Item>
            <Descriptions.Item label="Tax">{money(o.tax)}</Descriptions.Item>
            <Descriptions.Item label="Shipping">{money(o.shippingFee)}</Descriptions.Item>
            <Descriptions.Item label="Total">
              <strong data-testid="order-total">{money(o.grandTotal)}</strong>
            </Descriptions.Item>
          </Descriptions>
          <OrderLines order={o} />
        </Card>
      )}
    </>
  );
}
