// /tools/orders-list (spec 3): every order, page size 100, order date descending; filters date range, status, search
// term, pet summary; sorts order date, customer name, grand total. Cancel (Pending or Processing), refund and void
// (Paid, optionally cancelling fulfilment), assign a promotion code to an item, fulfilment status per item.
import { createContext, useContext, useState } from 'react';
import { App, Button, Card, Checkbox, Form, Modal, Select, Space, Table, Tag } from 'antd';
import {
  FulfillmentStatusLabels,
  OrderStatus,
  OrderStatusLabels,
  PaymentStatus,
  PaymentStatusLabels,
  ShopMessages,
} from '@registry/contracts';
import { useErrorDialog } from '../../components/ErrorPresenter';
import { PageTitle } from '../../components/PageTitle';
import { UrlTable, useUrlState } from '../../components/UrlTable';
import { fetchOrders, money, shopKeys, useAssignCode, useOrderAction, type OrderRow } from './shop.api';
import { ordersSearch } from './shop.search';
import { showDateTime } from '../../components/labTime';
import { FilterBar } from '../../components/FilterBar';
import { MaxLengthInput } from '../../components/MaxLengthInput';

type Item = OrderRow['items'][number];

/** The order's items with fulfilment status and code, and the assign-code action. */
const AssignContext = createContext<(target: { order: OrderRow; item: Item }) => void>(() => undefined);

function OrderItems({ order }: { order: OrderRow }) {
  const onAssign = useContext(AssignContext);
  return (
    <Table<Item>
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={order.items}
      columns={[
        { title: 'Product', dataIndex: 'productName' },
        { title: 'SKU', dataIndex: 'productSku' },
        { title: 'Dog', dataIndex: 'petName' },
        { title: 'Price', dataIndex: 'subTotal', render: (v: number) => money(v) },
        {
          title: 'Fulfilment',
          dataIndex: 'fulfillmentStatus',
          render: (v: number | null) => (v == null ? '' : FulfillmentStatusLabels[v]),
        },
        { title: 'Code', dataIndex: 'code' },
        {
          title: 'Actions',
          key: 'actions',
          render: (_: unknown, item: Item) => (
            <Button size="small" onClick={() => onAssign({ order, item })}>
              Assign code
            </Button>
          ),
        },
      ]}
    />
  );
}

const renderOrderItems = (order: OrderRow) => <OrderItems order={order} />;

export function OrdersListPage() {
  const { message, modal } = App.useApp();
  const showError = useErrorDialog();
  const [params, setParams] = useUrlState(ordersSearch);
  const act = useOrderAction();
  const assign = useAssignCode();
  const [filters, setFilters] = useState({
    searchTerm: params.searchTerm ?? '',
    petSummary: params.petSummary ?? '',
    startDate: params.startDate ?? '',
    endDate: params.endDate ?? '',
  });
  const [assigning, setAssigning] = useState<{ order: OrderRow; item: Item } | null>(null);
  const [codeForm] = Form.useForm<{ code?: string }>();

  const apply = () =>
    setParams(
      {
        searchTerm: filters.searchTerm || undefined,
        petSummary: filters.petSummary || undefined,
        startDate: filters.startDate || undefined,
        endDate: filters.endDate || undefined,
      },
      { resetPage: true },
    );

  const reverse = (order: OrderRow, action: 'refund' | 'void') => {
    let cancelFulfillment = false;
    modal.confirm({
      title: `${action === 'refund' ? 'Refund' : 'Void'} order ${order.id} (${money(order.grandTotal)})?`,
      content: (
        <Checkbox onChange={(e) => (cancelFulfillment = e.target.checked)}>
          Also cancel the order's fulfillment
        </Checkbox>
      ),
      okText: action === 'refund' ? 'Refund' : 'Void',
      okButtonProps: { danger: true },
      onOk: () =>
        act
          .mutateAsync({ action, orderId: order.id, cancelFulfillment })
          .then(() => void message.success(action === 'refund' ? ShopMessages.orderRefunded : ShopMessages.orderVoided))
          .catch((e: unknown) => showError(e)),
    });
  };
  const cancel = (order: OrderRow) =>
    modal.confirm({
      title: `Cancel order ${order.id}?`,
      okText: 'Cancel order',
      // Not a second "Cancel" beside the row's action: the dialog's way out keeps the order.
      cancelText: 'Keep order',
      okButtonProps: { danger: true },
      onOk: () =>
        act
          .mutateAsync({ action: 'cancel', orderId: order.id })
          .then(() => void message.success(ShopMessages.orderCancelled))
          .catch((e: unknown) => showError(e)),
    });

  const onAssign = async () => {
    if (!assigning) return;
    const { code } = await codeForm.validateFields();
    assign.mutate(
      { orderId: assigning.order.id, orderItemId: assigning.item.id, code: code?.trim() || null },
      {
        onSuccess: () => {
          void message.success(ShopMessages.codeAssigned);
          setAssigning(null);
        },
        onError: (e) => showError(e),
      },
    );
  };

  return (
    <>
      <AssignContext.Provider value={setAssigning}>
        <PageTitle>Orders</PageTitle>
        <Card>
          <FilterBar style={{ marginBottom: 16, rowGap: 8 }} onFinish={apply}>
            <Form.Item label="From" htmlFor="orders-from">
              <MaxLengthInput
                id="orders-from"
                placeholder="MM/DD/YYYY"
                maxLength={10}
                value={filters.startDate}
                onChange={(v) => setFilters({ ...filters, startDate: v })}
              />
            </Form.Item>
            <Form.Item label="To" htmlFor="orders-to">
              <MaxLengthInput
                id="orders-to"
                placeholder="MM/DD/YYYY"
                maxLength={10}
                value={filters.endDate}
                onChange={(v) => setFilters({ ...filters, endDate: v })}
              />
            </Form.Item>
            <Form.Item label="Status" htmlFor="orders-status">
              <Select
                id="orders-status"
                allowClear
                style={{ minWidth: 160 }}
                value={params.statusFilter}
                options={Object.entries(OrderStatus).map(([label, value]) => ({ value, label }))}
                onChange={(statusFilter?: (typeof params)['statusFilter']) =>
                  setParams({ statusFilter }, { resetPage: true })
                }
              />
            </Form.Item>
            <Form.Item label="Search" htmlFor="orders-search">
              <MaxLengthInput
                id="orders-search"
                maxLength={100}
                value={filters.searchTerm}
                onChange={(v) => setFilters({ ...filters, searchTerm: v })}
              />
            </Form.Item>
            <Form.Item label="Pet" htmlFor="orders-pet">
              <MaxLengthInput
                id="orders-pet"
                maxLength={100}
                value={filters.petSummary}
                onChange={(v) => setFilters({ ...filters, petSummary: v })}
              />
            </Form.Item>
            <Button htmlType="submit">Filter</Button>
          </FilterBar>
          <UrlTable<OrderRow, typeof ordersSearch>
            empty={{ text: 'No orders match. Clear or widen the filters (dates, status) to see more orders.' }}
            rowKey="id"
            searchSchema={ordersSearch}
            queryKey={shopKeys.orderPage}
            queryFn={fetchOrders}
            pageSizeOptions={[100]}
            expandable={{ expandedRowRender: renderOrderItems }}
            // The middle size's padding fits every column on a 1440 laptop, the actions included (issue 36).
            size="middle"
            columns={[
              { title: 'Order', dataIndex: 'id' },
              {
                title: 'Order date',
                key: 'OrderDate',
                dataIndex: 'orderDate',
                sorter: true,
                render: (d: string) => showDateTime(d),
              },
              {
                title: 'Customer',
                key: 'CustomerName',
                sorter: true,
                render: (_: unknown, o: OrderRow) => `${o.customer.fullName} (${o.customer.userName})`,
              },
              { title: 'Pets', dataIndex: 'petSummary' },
              {
                title: 'Total',
                key: 'GrandTotal',
                dataIndex: 'grandTotal',
                sorter: true,
                render: (v: number) => money(v),
              },
              { title: 'Status', dataIndex: 'status', render: (v: number) => <Tag>{OrderStatusLabels[v]}</Tag> },
              { title: 'Payment', dataIndex: 'paymentStatus', render: (v: number) => PaymentStatusLabels[v] },
              {
                title: 'Actions',
                key: 'actions',
                // The buttons stack on a phone (row-actions), leaving the order's number in view beside them.
                render: (_: unknown, order: OrderRow) => (
                  <Space wrap className="row-actions">
                    {(order.status === OrderStatus.Pending || order.status === OrderStatus.Processing) && (
                      <Button size="small" onClick={() => cancel(order)}>
                        Cancel order
                      </Button>
                    )}
                    {order.paymentStatus === PaymentStatus.Paid && (
                      <>
                        <Button size="small" danger onClick={() => reverse(order, 'refund')}>
                          Refund
                        </Button>
                        <Button size="small" onClick={() => reverse(order, 'void')}>
                          Void
                        </Button>
                      </>
                    )}
                  </Space>
                ),
              },
            ]}
          />
        </Card>
        <Modal
          title={assigning ? `Assign a code to ${assigning.item.productName} for ${assigning.item.petName}` : ''}
          open={assigning !== null}
          onCancel={() => setAssigning(null)}
          onOk={() => void onAssign()}
          okText="Assign"
          confirmLoading={assign.isPending}
          destroyOnHidden
          forceRender
        >
          <Form form={codeForm} layout="vertical" name="assignCode">
            <Form.Item name="code" label="Code" extra="Leave empty to take the product's next free code.">
              <MaxLengthInput maxLength={64} />
            </Form.Item>
          </Form>
        </Modal>
      </AssignContext.Provider>
    </>
  );
}
