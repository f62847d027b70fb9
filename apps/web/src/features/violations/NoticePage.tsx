// /violations/{id} (issue 41): a notice as the property's staff and the groups above it see it, with the actions the
// rights table and its state allow: review a dispute (uphold, reduce, waive), ask for a witnessed re-swab, waive an
// unanswered notice, and decide an appeal (the management group's or distributorship's admins).
import { useState } from 'react';
import { useParams } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Space } from 'antd';
import { can } from '@registry/contracts';
import { useCurrentUser } from '../../lib/auth';
import { ApiError } from '../../lib/api';
import { ErrorPresenter, useErrorDialog } from '../../components/ErrorPresenter';
import { NotFound, isValidId } from '../../components/NotFound';
import { PageTitle } from '../../components/PageTitle';
import { DecisionModal } from './components/DecisionModal';
import { NoticeFacts } from './components/NoticeFacts';
import { noticeQuery, useDecideAppeal, useReswab, useReview } from './violations.api';

export function NoticePage() {
  const { id: raw } = useParams({ strict: false }) as { id?: string };
  const id = Number(raw);
  const valid = isValidId(id);
  const notice = useQuery({ ...noticeQuery(id), enabled: valid });
  const me = useCurrentUser();
  const { message } = App.useApp();
  const showError = useErrorDialog();
  const review = useReview(id);
  const appeal = useDecideAppeal(id);
  const reswab = useReswab(id);
  const [deciding, setDeciding] = useState<'review' | 'appeal' | null>(null);
  if (!valid || (notice.error instanceof ApiError && notice.error.status === 404)) return <NotFound what="Notice" />;
  const n = notice.data;
  const may = (right: Parameters<typeof can>[1]) => me !== undefined && can(me.roleId, right);
  const done = (answer: { message: string }) => void message.success(answer.message);
  const actions = n && (
    <Space wrap>
      {n.state === 'Disputed' && may('violation.review') && (
        <>
          <Button type="primary" onClick={() => setDeciding('review')}>
            Review dispute
          </Button>
          {!n.reswabRequested && n.petId !== null && (
            <Button onClick={() => reswab.mutateAsync(null).then(done, showError)} loading={reswab.isPending}>
              Request witnessed re-swab
            </Button>
          )}
        </>
      )}
      {n.state === 'Appealed' && may('violation.hearAppeal') && (
        <Button type="primary" onClick={() => setDeciding('appeal')}>
          Decide appeal
        </Button>
      )}
    </Space>
  );
  return (
    <>
      <PageTitle
        extra={actions}
        title={[n?.reference ?? 'Notice', 'Violation notice']}
        breadcrumbs={
          n
            ? [
                { label: n.propertyName, to: '/group/$id/fines', params: { id: String(n.propertyId) } },
                { label: n.reference },
              ]
            : undefined
        }
      >
        {n ? `Violation notice ${n.reference}` : 'Violation notice'}
      </PageTitle>
      <ErrorPresenter error={notice.error} />
      {n && <NoticeFacts notice={n} />}
      <DecisionModal
        open={deciding !== null}
        title={deciding === 'appeal' ? 'Decide the appeal' : 'Review the dispute'}
        onClose={() => setDeciding(null)}
        onDecide={(decision) => (deciding === 'appeal' ? appeal : review).mutateAsync(decision).then(done)}
      />
    </>
  );
}
