// An account's security question and answer on its page (an admin's, a pet owner's: the same answer from either
// module's call), shown on request.
import { useState, type ReactNode } from 'react';
import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { Button, Card, Descriptions } from 'antd';
import type { z } from 'zod';
import type { securityQuestionView } from '@registry/contracts';
import { ErrorPresenter } from './ErrorPresenter';

type SecurityQuestionView = z.infer<typeof securityQuestionView>;

/**
 * Loaded only on request, so the answer is not fetched (or audited) on every page view; `hidden` stands in its place
 * until then.
 */
export function SecurityQuestionCard<Key extends QueryKey>({
  question,
  hidden,
}: {
  question: UseQueryOptions<SecurityQuestionView, Error, SecurityQuestionView, Key>;
  hidden?: ReactNode;
}) {
  const [shown, setShown] = useState(false);
  const query = useQuery({ ...question, enabled: shown });
  return (
    <Card
      title="Security question"
      extra={
        // 'Show' beside the card's title, which names what is shown: a longer label cut the title short on a phone.
        <Button
          size="small"
          aria-label={shown ? 'Hide security question' : 'Show security question'}
          onClick={() => setShown((s) => !s)}
        >
          {shown ? 'Hide' : 'Show'}
        </Button>
      }
    >
      <ErrorPresenter error={query.error} />
      {shown ? (
        <Descriptions column={1} size="small">
          <Descriptions.Item label="Question">
            {query.isLoading ? '…' : (query.data?.securityQuestion ?? 'Not set')}
          </Descriptions.Item>
          <Descriptions.Item label="Answer">
            {query.isLoading ? '…' : (query.data?.securityQuestionAnswer ?? 'Not set')}
          </Descriptions.Item>
        </Descriptions>
      ) : (
        hidden
      )}
    </Card>
  );
}
