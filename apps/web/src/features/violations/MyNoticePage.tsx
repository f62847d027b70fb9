// /notices/{id} (issue 41): one of the owner's notices with its evidence, and what they may do now: pay it, dispute it
// before the response date, or appeal a decision once. Another owner's notice answers as a missing one.
import { useState } from 'react';
import { Link, useParams } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../lib/api';
import { ErrorPresenter } from '../../components/ErrorPresenter';
import { NotFound, isValidId } from '../../components/NotFound';
import { PageTitle } from '../../components/PageTitle';
import { showDate } from '../../components/labTime';
import { AnswerCard } from './components/AnswerCard';
import { NoticeFacts } from './components/NoticeFacts';
import { PayCard } from './components/PayCard';
import { myNoticeQuery, useAppeal, useDispute } from './violations.api';

export function MyNoticePage() {
  const { id: raw } = useParams({ strict: false }) as { id?: string };
  const id = Number(raw);
  const valid = isValidId(id);
  const notice = useQuery({ ...myNoticeQuery(id), enabled: valid });
  const dispute = useDispute(id);
  const appeal = useAppeal(id);
  const [openedAt] = useState(() => Date.now());
  if (!valid || (notice.error instanceof ApiError && notice.error.status === 404)) return <NotFound what="Notice" />;
  const n = notice.data;
  const payable = n && ['Issued', 'Upheld', 'Reduced', 'Overdue'].includes(n.state);
  const disputable = n && (n.state === 'Issued' || n.state === 'Overdue') && Date.parse(n.respondBy) > openedAt;
  const appealable = n && (n.state === 'Upheld' || n.state === 'Reduced') && !n.hasBeenAppealed;
  return (
    <>
      <PageTitle
        title={[n?.reference ?? 'Notice', 'My notices']}
        breadcrumbs={[{ label: 'My notices', to: '/notices' }, { label: n?.reference ?? 'Notice' }]}
        extra={<Link to="/notices">All my notices</Link>}
      >
        {n ? `Violation notice ${n.reference}` : 'Violation notice'}
      </PageTitle>
      <ErrorPresenter error={notice.error} />
      {n && <NoticeFacts notice={n} />}
      {n && payable && <PayCard notice={n} />}
      {n && disputable && (
        <AnswerCard
          title="Dispute this notice"
          intro={`If you believe this is wrong, tell the property why by ${showDate(n.respondBy)}. The payment date is on hold while they review it.`}
          button="Send dispute"
          withPhoto
          onSend={(reason, photo) => dispute.mutateAsync({ reason, photo })}
        />
      )}
      {n && appealable && (
        <AnswerCard
          title="Appeal this decision"
          intro="You may appeal once; the management group decides, and its decision is final."
          button="Send appeal"
          onSend={(reason) => appeal.mutateAsync(reason)}
        />
      )}
    </>
  );
}
