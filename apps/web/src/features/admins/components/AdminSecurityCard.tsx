import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions } from 'antd';
import { ErrorPresenter } from '../../../components/ErrorPresenter';
import { securityQuestionQuery } from '../admins.api';

/** Loaded only on request, so the answer is not fetched (or audited) on every page view. */
export function AdminSecurityCard({ adminId }: { adminId: number }) {
  const [shown, setShown] = useState(false);
  const query = useQuery({ ...securityQuestionQuery(adminId), enabled: shown });
  return (
    <Card
      title="Security question"
      extra={
        <Button size="small" onClick={() => setShown((s) => !s)}>
          {shown ? 'Hide' : 'Show security question'}
        </Button>
      }
    >
      <ErrorPresenter error={query.error} />
      {shown && (
        <Descriptions column={1} size="small">
          <Descriptions.Item label="Question">
            {query.isLoading ? '…' : (query.data?.securityQuestion ?? 'Not set')}
          </Descriptions.Item>
          <Descriptions.Item label="Answer">
            {query.isLoading ? '…' : (query.data?.securityQuestionAnswer ?? 'Not set')}
          </Descriptions.Item>
        </Descriptions>
      )}
      {!shown && 'Hidden.'}
    </Card>
  );
}
