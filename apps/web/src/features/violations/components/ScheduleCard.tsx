// The group's fine schedule: its own values, or the schedule of the group above it that it follows; saved in dollars
// and days, cleared to follow the group above again. Read-only for a role that may not set it.
import { useEffect } from 'react';
import { App, Button, Card, Checkbox, Col, Form, InputNumber, Row, Space, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { ErrorPresenter, useErrorDialog } from '../../../components/ErrorPresenter';
import { money, scheduleQuery, useClearSchedule, useSaveSchedule, type ScheduleBody } from '../violations.api';

type Values = Omit<ScheduleBody, 'firstOffenceAmount' | 'secondOffenceAmount' | 'laterOffenceAmount'> & {
  first: number;
  second: number;
  later: number;
};
const DEFAULTS: Values = {
  first: 50,
  second: 100,
  later: 250,
  lookBackDays: 365,
  daysToRespond: 14,
  daysToPay: 30,
  fineAdjacentMatches: false,
};

export function ScheduleCard({ groupId, mayEdit }: { groupId: number; mayEdit: boolean }) {
  const { message } = App.useApp();
  const showError = useErrorDialog();
  const schedule = useQuery(scheduleQuery(groupId));
  const save = useSaveSchedule(groupId);
  const clear = useClearSchedule(groupId);
  const [form] = Form.useForm<Values>();
  const view = schedule.data;
  const shown = view?.own ?? view?.effective;
  useEffect(() => {
    form.setFieldsValue(
      shown
        ? {
            ...shown,
            first: shown.firstOffenceAmount / 100,
            second: shown.secondOffenceAmount / 100,
            later: shown.laterOffenceAmount / 100,
          }
        : DEFAULTS,
    );
  }, [form, shown]);

  const onSave = async (v: Values) => {
    try {
      await save.mutateAsync({
        firstOffenceAmount: Math.round(v.first * 100),
        secondOffenceAmount: Math.round(v.second * 100),
        laterOffenceAmount: Math.round(v.later * 100),
        lookBackDays: v.lookBackDays,
        daysToRespond: v.daysToRespond,
        daysToPay: v.daysToPay,
        fineAdjacentMatches: v.fineAdjacentMatches,
      });
      void message.success('Fine schedule saved.');
    } catch (error) {
      showError(error);
    }
  };
  const source = !view
    ? null
    : view.own
      ? 'This group has its own fine schedule.'
      : view.inheritedFrom
        ? `This group follows the fine schedule of ${view.inheritedFrom.groupName}.`
        : 'No fine schedule is set here or above. Set one to issue violation notices.';
  const dollars = { min: 0, max: 1_000_000, step: 5, precision: 2, prefix: '$', style: { width: '100%' } };
  const days = { min: 1, max: 3650, style: { width: '100%' } };
  return (
    <Card title="Fine schedule" style={{ marginBottom: 16 }}>
      <ErrorPresenter error={schedule.error} />
      {source && <Typography.Paragraph data-testid="schedule-source">{source}</Typography.Paragraph>}
      {shown && !mayEdit && (
        <Typography.Paragraph>
          {`First offence ${money(shown.firstOffenceAmount)}, second ${money(shown.secondOffenceAmount)}, later ` +
            `${money(shown.laterOffenceAmount)} within ${shown.lookBackDays} days.`}
        </Typography.Paragraph>
      )}
      {mayEdit && (
        <Form form={form} layout="vertical" onFinish={onSave} initialValues={DEFAULTS}>
          <Row gutter={16}>
            <Col xs={24} sm={8}>
              <Form.Item name="first" label="First offence" rules={[{ required: true }]}>
                <InputNumber {...dollars} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={8}>
              <Form.Item name="second" label="Second offence" rules={[{ required: true }]}>
                <InputNumber {...dollars} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={8}>
              <Form.Item name="later" label="Later offences" rules={[{ required: true }]}>
                <InputNumber {...dollars} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={8}>
              <Form.Item name="lookBackDays" label="Look-back period (days)" rules={[{ required: true }]}>
                <InputNumber {...days} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={8}>
              <Form.Item name="daysToRespond" label="Days to respond" rules={[{ required: true }]}>
                <InputNumber {...days} />
              </Form.Item>
            </Col>
            <Col xs={24} sm={8}>
              <Form.Item name="daysToPay" label="Days to pay" rules={[{ required: true }]}>
                <InputNumber {...days} />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item name="fineAdjacentMatches" valuePropName="checked">
            <Checkbox>Fine matches of dogs from adjacent properties</Checkbox>
          </Form.Item>
          <Space wrap>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              Save schedule
            </Button>
            {view?.own && (
              <Button
                loading={clear.isPending}
                onClick={() =>
                  clear
                    .mutateAsync()
                    .then(() => void message.success('The group above sets the schedule now.'), showError)
                }
              >
                Follow the group above
              </Button>
            )}
          </Space>
        </Form>
      )}
    </Card>
  );
}
