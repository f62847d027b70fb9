// /shop/summary?propertyCode (spec 2 §2, §4): the cart with tax, shipping and total from the server, the billing name
// and address, and the card fields. The card is checked and tokenized in the page (Luhn, expiry, CVV; 10 s limit);
// only the token and the last 8 digits are sent. Success stores the order in the session's order cache and opens the
// success page with the order id.
import { useState } from 'react';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { Alert, App, Button, Card, Col, Descriptions, Form, Row, Spin, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { ShopMessages } from '@registry/contracts';
import { saveOrderCache } from '../../lib/orderCache';
import { ErrorList } from '../../components/ErrorPresenter';
import { PageTitle } from '../../components/PageTitle';
import { tokenizeCard, withTokenizationTimeout } from './cardTokenizer';
import { cartQuery, money, useCompletePayment, type CartAnswer } from './shop.api';
import { MaxLengthInput } from '../../components/MaxLengthInput';

type Values = {
  firstName: string;
  lastName: string;
  addressLine1: string;
  city: string;
  stateId: string;
  postalCode: string;
  cardNumber: string;
  expiry: string;
  cvv: string;
};

export function ShopSummaryPage() {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const search = useSearch({ strict: false }) as { propertyCode?: string };
  const cart = useQuery(cartQuery());
  const pay = useCompletePayment();
  const [form] = Form.useForm<Values>();
  const [problem, setProblem] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);

  if (cart.isLoading) return <Spin />;
  const data = cart.data;
  if (!data || data.items.length === 0)
    return (
      <>
        <PageTitle>Order summary</PageTitle>
        <Alert type="info" message={ShopMessages.cartEmpty} />
      </>
    );

  const onPay = async () => {
    const values = await form.validateFields();
    setProblem(null);
    setBusy(true);
    try {
      const card = await withTokenizationTimeout(
        tokenizeCard({ cardNumber: values.cardNumber, expiry: values.expiry, cvv: values.cvv }),
      );
      form.setFieldsValue({ cardNumber: '', cvv: '' });
      const answer = await pay.mutateAsync({
        billingAddress: {
          addressLine1: values.addressLine1,
          city: values.city,
          stateId: values.stateId,
          postalCode: values.postalCode,
          countryId: 'US',
        },
        cardData: {
          firstName: values.firstName,
          lastName: values.lastName,
          cardNumber: card.lastDigits,
          cardType: card.cardType,
          cardToken: card.cardToken,
        },
        total: data.grandTotal,
      });
      saveOrderCache(answer.orderId, Boolean(search.propertyCode));
      void message.success(answer.message);
      await navigate({
        to: '/reg/success',
        search: { propertyCode: search.propertyCode, orderId: String(answer.orderId), hasDogs: true },
      });
    } catch (error) {
      setProblem(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <PageTitle>Order summary</PageTitle>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={12}>
          <Card title="Your order">
            <Table<CartAnswer['items'][number]>
              size="small"
              rowKey="id"
              pagination={false}
              dataSource={data.items}
              columns={[
                { title: 'Product', dataIndex: 'productName' },
                { title: 'Dog', dataIndex: 'petName' },
                { title: 'Price', dataIndex: 'price', render: (v: number) => money(v) },
              ]}
            />
            <Descriptions size="small" column={1} style={{ marginTop: 16 }}>
              <Descriptions.Item label="Subtotal">{money(data.total)}</Descriptions.Item>
              <Descriptions.Item label="Tax">{money(data.tax)}</Descriptions.Item>
              <Descriptions.Item label="Shipping">{money(data.shippingFee)}</Descriptions.Item>
              <Descriptions.Item label="Total">
                <strong data-testid="grand-total">{money(data.grandTotal)}</strong>
              </Descriptions.Item>
            </Descriptions>
          </Card>
        </Col>
        <Col xs={24} lg={12}>
          <Card title="Payment">
            {problem !== null && (
              <Alert type="error" message={<ErrorList error={problem} />} style={{ marginBottom: 16 }} />
            )}
            <Form form={form} layout="vertical" name="payment" autoComplete="on">
              <Row gutter={8}>
                <Col xs={24} sm={12}>
                  <Form.Item name="firstName" label="First name" rules={[{ required: true, whitespace: true }]}>
                    <MaxLengthInput maxLength={100} autoComplete="cc-given-name" />
                  </Form.Item>
                </Col>
                <Col xs={24} sm={12}>
                  <Form.Item name="lastName" label="Last name" rules={[{ required: true, whitespace: true }]}>
                    <MaxLengthInput maxLength={100} autoComplete="cc-family-name" />
                  </Form.Item>
                </Col>
              </Row>
              <Form.Item name="addressLine1" label="Billing address" rules={[{ required: true, whitespace: true }]}>
                <MaxLengthInput maxLength={200} autoComplete="address-line1" />
              </Form.Item>
              <Row gutter={8}>
                <Col xs={24} sm={10}>
                  <Form.Item name="city" label="City" rules={[{ required: true, whitespace: true }]}>
                    <MaxLengthInput maxLength={100} />
                  </Form.Item>
                </Col>
                <Col xs={12} sm={6}>
                  <Form.Item name="stateId" label="State" rules={[{ required: true, whitespace: true }]}>
                    <MaxLengthInput maxLength={10} placeholder="US-TX" />
                  </Form.Item>
                </Col>
                <Col xs={12} sm={8}>
                  <Form.Item name="postalCode" label="ZIP" rules={[{ required: true, whitespace: true }]}>
                    <MaxLengthInput maxLength={20} autoComplete="postal-code" />
                  </Form.Item>
                </Col>
              </Row>
              <Form.Item name="cardNumber" label="Card number" rules={[{ required: true }]}>
                <MaxLengthInput maxLength={23} inputMode="numeric" autoComplete="cc-number" />
              </Form.Item>
              <Row gutter={8}>
                <Col xs={12}>
                  <Form.Item name="expiry" label="Expiry (MM/YY)" rules={[{ required: true }]}>
                    <MaxLengthInput maxLength={7} autoComplete="cc-exp" />
                  </Form.Item>
                </Col>
                <Col xs={12}>
                  <Form.Item name="cvv" label="CVV" rules={[{ required: true }]}>
                    <MaxLengthInput kind="password" maxLength={4} inputMode="numeric" autoComplete="cc-csc" />
                  </Form.Item>
                </Col>
              </Row>
              <p style={{ fontSize: 12 }}>
                Your card is checked in this page; only the last digits and a token are sent. Our staff capture the
                payment through the lab&apos;s card terminal.
              </p>
              <Button type="primary" data-testid="pay" loading={busy} onClick={() => void onPay()}>
                Pay {money(data.grandTotal)}
              </Button>
            </Form>
          </Card>
        </Col>
      </Row>
    </>
  );
}
