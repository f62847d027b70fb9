// The chain of custody as a timeline: each event from the audit chain with when, who and what it recorded.
import { Timeline, Typography } from 'antd';
import { CUSTODY_EVENT_WORDS } from '@registry/contracts/words';
import { showDateTime } from '../../../components/labTime';
import type { Custody } from '../fieldcollection.api';

const DETAIL_WORDS: Record<string, string> = {
  collectedAt: 'Collected at',
  collectedBy: 'Collected by',
  latitude: 'Latitude',
  longitude: 'Longitude',
  accuracyMeters: 'Accuracy (m)',
  property: 'Property',
  photos: 'Photo fingerprints',
  receivedAt: 'Received at',
  receivedBy: 'Received by',
  plate: 'Plate',
  well: 'Well',
  profile: 'DNA profile',
  result: 'Result',
  dog: 'Dog',
  certificate: 'Certificate',
  notice: 'Notice',
  sentTo: 'Sent to',
};

export function CustodyTimeline({ events }: { events: Custody['events'] }) {
  if (events.length === 0)
    return (
      <Typography.Paragraph type="secondary">No custody events recorded for this sample yet.</Typography.Paragraph>
    );
  return (
    <Timeline
      items={events.map((event) => ({
        key: event.auditId,
        children: (
          <>
            <Typography.Text strong>{CUSTODY_EVENT_WORDS[event.event] ?? event.event}</Typography.Text>
            <div>
              {showDateTime(event.at)}
              {event.by ? ` · ${event.by}` : ''}
            </div>
            {Object.entries(event.details)
              .filter(([key, value]) => value !== null && key !== 'collectedAt' && key !== 'receivedAt')
              .map(([key, value]) => (
                <div key={key} style={{ fontSize: 12, color: '#555', overflowWrap: 'anywhere' }}>
                  {DETAIL_WORDS[key] ?? key}: {String(value)}
                </div>
              ))}
          </>
        ),
      }))}
    />
  );
}
