// A no-match candidate's or cluster's status: Pending, Approved or Denied.
import { Tag } from 'antd';
import { NoMatchCandidateStatus } from '@registry/contracts';

export function StatusTag({ status }: { status: number }) {
  if (status === NoMatchCandidateStatus.Approved) return <Tag color="green">Approved</Tag>;
  if (status === NoMatchCandidateStatus.Denied) return <Tag color="red">Denied</Tag>;
  return <Tag color="gold">Pending</Tag>;
}
