import { useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Radio, Space, Typography } from 'antd';
import { groupTypeLabel, Messages } from '@registry/contracts';
import { assignedGroupsQuery } from '../../lib/auth';
import { groupDashboardPath } from '../../lib/landing';
import { PageTitle } from '../../components/PageTitle';
import { ErrorPresenter } from '../../components/ErrorPresenter';

/** Staff assigned to several groups pick where to start (spec 1 §4). */
export function ChooseGroupPage() {
  const { data, error, isLoading } = useQuery(assignedGroupsQuery());
  const navigate = useNavigate();
  const [groupId, setGroupId] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const go = () => {
    if (groupId == null) {
      setProblem(Messages.mustSelectGroup);
      return;
    }
    void navigate({ href: groupDashboardPath(groupId) });
  };

  return (
    <>
      <PageTitle>Choose a group</PageTitle>
      <Card style={{ maxWidth: 560 }} loading={isLoading}>
        <ErrorPresenter error={error} />
        <Typography.Paragraph>You are assigned to several groups. Choose the one to open.</Typography.Paragraph>
        <Radio.Group
          aria-label="Groups"
          value={groupId}
          onChange={(e) => {
            setGroupId(e.target.value as number);
            setProblem(null);
          }}
        >
          <Space orientation="vertical">
            {(data ?? []).map((g) => (
              <Radio key={g.id} value={g.id}>
                {g.name} <Typography.Text type="secondary">({groupTypeLabel(g.groupType)})</Typography.Text>
              </Radio>
            ))}
          </Space>
        </Radio.Group>
        {problem && <Alert type="error" showIcon title={problem} style={{ marginTop: 16 }} />}
        <div style={{ marginTop: 16 }}>
          <Button type="primary" onClick={go}>
            Continue
          </Button>
        </div>
      </Card>
    </>
  );
}
