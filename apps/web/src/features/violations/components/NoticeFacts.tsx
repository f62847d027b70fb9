// What a notice says (the same for the owner and the property's staff): the dog, the sample, where and when it was
// collected, the amount and dates, the evidence (the match certificate and its public verification address), the
// answers and decisions so far, and the history of its steps.
import { Card, Descriptions, Timeline, Typography } from 'antd';
import { showDate, showDateTime } from '../../../components/labTime';
import { money, type NoticeView } from '../violations.api';
import { StateTag } from './StateTag';

export function NoticeFacts({ notice: n }: { notice: NoticeView }) {
  const evidence = n.certificateNumber ? (
    <span>
      {`Match certificate ${n.certificateNumber}: `}
      {n.verificationUrl && (
        <Typography.Link href={n.verificationUrl} target="_blank" rel="noreferrer">
          verify it
        </Typography.Link>
      )}
    </span>
  ) : (
    '-'
  );
  return (
    <>
      <Card style={{ marginBottom: 16 }}>
        <Descriptions size="small" bordered column={{ xs: 1, sm: 1, md: 2 }}>
          <Descriptions.Item label="State">
            <span data-testid="notice-state">
              <StateTag state={n.state} />
            </span>
          </Descriptions.Item>
          <Descriptions.Item label="Amount due">
            <span data-testid="notice-amount">{money(n.amountDue)}</span>
            {n.amountDue !== n.originalAmount ? ` (was ${money(n.originalAmount)})` : ''}
          </Descriptions.Item>
          <Descriptions.Item label="Property">{n.propertyName}</Descriptions.Item>
          <Descriptions.Item label="Unit">{n.unitNumber ?? '-'}</Descriptions.Item>
          <Descriptions.Item label="Resident">{n.ownerName}</Descriptions.Item>
          <Descriptions.Item label="Dog">
            {n.petName}
            {n.petSampleNumber ? ` (${n.petSampleNumber})` : ''}
          </Descriptions.Item>
          <Descriptions.Item label="Waste sample">{n.wasteSampleNumber}</Descriptions.Item>
          <Descriptions.Item label="Collected">{n.dateCollected ? showDate(n.dateCollected) : '-'}</Descriptions.Item>
          <Descriptions.Item label="Offence">{`${n.offenceNumber}${n.isAdjacentPropertyMatch ? ' (dog from an adjacent property)' : ''}`}</Descriptions.Item>
          <Descriptions.Item label="Issued">{showDate(n.dateIssued)}</Descriptions.Item>
          <Descriptions.Item label="Respond by">{showDate(n.respondBy)}</Descriptions.Item>
          <Descriptions.Item label="Pay by">{n.payBy ? showDate(n.payBy) : 'On hold'}</Descriptions.Item>
          <Descriptions.Item label="Evidence" span="filled">
            {evidence}
          </Descriptions.Item>
          {n.disputeReason && (
            <Descriptions.Item label="Dispute" span="filled">
              {n.disputeReason}
            </Descriptions.Item>
          )}
          {n.disputePhotoUrl && (
            <Descriptions.Item label="Dispute photo" span="filled">
              <Typography.Link href={n.disputePhotoUrl} target="_blank" rel="noreferrer">
                <img
                  src={n.disputePhotoUrl}
                  alt={`Photo sent with the dispute of ${n.reference}`}
                  style={{ maxWidth: '100%', maxHeight: 240, display: 'block' }}
                />
              </Typography.Link>
            </Descriptions.Item>
          )}
          {n.reswabRequested && (
            <Descriptions.Item label="Witnessed re-swab" span="filled">
              {n.reswabPassed ? 'Passed: the verification test confirms the dog.' : 'Requested; waiting for the lab.'}
            </Descriptions.Item>
          )}
          {n.reviewNotes && (
            <Descriptions.Item label="Review" span="filled">
              {n.reviewNotes}
            </Descriptions.Item>
          )}
          {n.appealReason && (
            <Descriptions.Item label="Appeal" span="filled">
              {n.appealReason}
            </Descriptions.Item>
          )}
          {n.appealNotes && (
            <Descriptions.Item label="Appeal decision" span="filled">
              {n.appealNotes}
            </Descriptions.Item>
          )}
          {n.paymentReference && (
            <Descriptions.Item label="Payment" span="filled">
              {`Paid ${n.datePaid ? showDate(n.datePaid) : ''}, reference ${n.paymentReference}`}
            </Descriptions.Item>
          )}
          {n.voidReason && (
            <Descriptions.Item label="Withdrawn" span="filled">
              {n.voidReason}
              {n.refundReference ? ` Refunded (reference ${n.refundReference}).` : ''}
            </Descriptions.Item>
          )}
        </Descriptions>
      </Card>
      <Card title="History" style={{ marginBottom: 16 }}>
        <Timeline
          items={n.history.map((h) => ({
            content: (
              <span>
                <strong>{h.action}</strong> {showDateTime(h.at)}
                {h.by ? ` by ${h.by}` : ''}
                {h.notes ? `: ${h.notes}` : ''}
              </span>
            ),
          }))}
        />
      </Card>
    </>
  );
}
