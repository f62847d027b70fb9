import { App, Button, Card, Form } from 'antd';
import { Messages } from '@registry/contracts';
import { PasswordInput } from '../../../components/PasswordInput';
import { ErrorPresenter, useFormServerErrors } from '../../../components/ErrorPresenter';
import { passwordRule, useChangePassword, usePasswordRules, type ChangePasswordBody } from '../accounts.api';
import { PasswordRulesHint } from '../PasswordRulesHint';

export function ChangePasswordCard() {
  const { modal } = App.useApp();
  const rules = usePasswordRules();
  const change = useChangePassword();
  const [form] = Form.useForm<ChangePasswordBody>();
  const serverErrors = useFormServerErrors(form);

  const onFinish = (values: ChangePasswordBody) => {
    serverErrors.clear();
    change.mutate(values, {
      onSuccess: () => {
        form.resetFields();
        modal.success({ title: 'Change password', content: Messages.passwordChanged });
      },
      onError: serverErrors.onError,
    });
  };

  return (
    <Card title="Change password">
      <ErrorPresenter error={serverErrors.general} fallback={Messages.unknownError} />
      <Form form={form} layout="vertical" onFinish={onFinish} aria-label="Change password" requiredMark={false}>
        <Form.Item
          label="Current password"
          name="oldPassword"
          rules={[{ required: true, message: 'Please enter your current password.' }]}
        >
          <PasswordInput autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          label="New password"
          name="newPassword"
          rules={[{ required: true, message: 'Please enter a new password.' }, passwordRule(rules)]}
          extra={<PasswordRulesHint rules={rules} />}
        >
          <PasswordInput autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label="Confirm new password"
          name="confirmPassword"
          dependencies={['newPassword']}
          rules={[
            { required: true, message: 'Please confirm the new password.' },
            ({ getFieldValue }) => ({
              validator: async (_, value) => {
                if (value && value !== getFieldValue('newPassword'))
                  throw new Error('The new password and confirmation password do not match.');
              },
            }),
          ]}
        >
          <PasswordInput autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={change.isPending}>
          Change password
        </Button>
      </Form>
    </Card>
  );
}
