// Paying a notice: the shop's card fields and tokenizer (the full number and CVV never leave the page; the built-in
// manual-capture provider records the payment, staff capture it), then the receipt comes by email.
import { MaxLengthInput } from '../../../components/MaxLengthInput';
import { useState } from 'react';
import { Alert, App, Button, Card, Col, Form, Row } from 'antd';
import { tokenizeCard, withTokenizationTimeout } from '../../shop/cardTokenizer';
import { ApiError } from '../../../lib/api';
import { money, usePay, type NoticeView } from '../violations.api';

type Values = {
  firstName: string;
  lastName: string;
  addressLine1: string;
  city: string;
  postalCode: string;
  cardNumber: string;
  expiry: string;
  cvv: string;
};

export function PayCard({ notice }: { notice: NoticeView }) {
  const [form] = Form.useForm<Values>();
  const pay = usePay(notice.id);
  const { message } = App.useApp();
  const [problem, setProblem] = useState<string | null>(null);
  const onPay = async () => {
    const v = await form.validateFields();
    setProblem(null);
    try {
      const card = await withTokenizationTimeout(
        tokenizeCard({ cardNumber: v.cardNumber, expiry: v.expiry, cvv: v.cvv }),
      );
      form.setFieldsValue({ cardNumber: '', cvv: '' });
      const answer = await pay.mutateAsync({
        billingAddress: { addressLine1: v.addressLine1, city: v.city, postalCode: v.postalCode, countryId: 'US' },
        cardData: {
          firstName: v.firstName,
          lastName: v.lastName,
          cardNumber: card.lastDigits,
          cardType: card.cardType,
          cardToken: card.cardToken,
        },
        amount: notice.amountDue,
      });
      void message.success(answer.message);
    } catch (error) {
      setProblem(error instanceof ApiError || error instanceof Error ? error.message : 'The payment failed.');
    }
  };
  return (
    <Card title={`Pay ${money(notice.amountDue)}`} style={{ marginBottom: 16 }}>
      {problem && <Alert type="error" showIcon message={problem} style={{ marginBottom: 12 }} />}
      <Form form={form} layout="vertical" onFinish={onPay}>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item name="firstName" label="First name" rules={[{ required: true, whitespace: true }]}>
              <MaxLengthInput autoComplete="cc-given-name" maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="lastName" label="Last name" rules={[{ required: true, whitespace: true }]}>
              <MaxLengthInput autoComplete="cc-family-name" maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="addressLine1" label="Billing address" rules={[{ required: true, whitespace: true }]}>
              <MaxLengthInput autoComplete="address-line1" maxLength={200} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="city" label="City" rules={[{ required: true, whitespace: true }]}>
              <MaxLengthInput autoComplete="address-level2" maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="postalCode" label="ZIP" rules={[{ required: true, whitespace: true }]}>
              <MaxLengthInput autoComplete="postal-code" maxLength={20} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="cardNumber" label="Card number" rules={[{ required: true }]}>
              <MaxLengthInput autoComplete="cc-number" inputMode="numeric" maxLength={23} />
            </Form.Item>
          </Col>
          <Col xs={12}>
            <Form.Item name="expiry" label="Expiry (MM/YY)" rules={[{ required: true }]}>
              <MaxLengthInput autoComplete="cc-exp" maxLength={7} />
            </Form.Item>
          </Col>
          <Col xs={12}>
            <Form.Item name="cvv" label="CVV" rules={[{ required: true }]}>
              <MaxLengthInput autoComplete="cc-csc" inputMode="numeric" maxLength={4} />
            </Form.Item>
          </Col>
        </Row>
        <Button type="primary" htmlType="submit" loading={pay.isPending}>
          {`Pay ${money(notice.amountDue)}`}
        </Button>
      </Form>
    </Card>
  );
}
