// The stream parser and the click targets of notifications (spec 3 §2).
import { describe, expect, it } from 'vitest';
import { notificationPath } from './notificationLinks';
import { parseEvents } from './notificationStream';

describe('parseEvents', () => {
  it('reads unread events, the retry hint, skips comments, keeps a partial event for later', () => {
    const text =
      'retry: 3000\n\nevent: unread\ndata: {"unreadCount":0}\n\n: ping\n\nevent: unread\ndata: {"unreadCount":2,"latest":{"id":9}}\n\nevent: unr';
    const parsed = parseEvents(text);
    expect(parsed.retryMs).toBe(3000);
    expect(parsed.events).toEqual([{ unreadCount: 0 }, { unreadCount: 2, latest: { id: 9 } }]);
    expect(parsed.rest).toBe('event: unr');
    expect(parseEvents(`${parsed.rest}ead\ndata: {"unreadCount":1}\n\n`).events).toEqual([{ unreadCount: 1 }]);
  });

  it('ignores a broken event', () => {
    expect(parseEvents('event: unread\ndata: {broken\n\n').events).toEqual([]);
  });
});

describe('notificationPath', () => {
  it('a pet opens its owner page at the sample', () => {
    expect(notificationPath({ type: 'Pet', actionParameters: { petOwnerId: 7, sampleNumber: 'DN1000001' } })).toBe(
      '/petowner/7/DN1000001',
    );
  });
  it('a group opens its dashboard', () => {
    expect(notificationPath({ type: 'Group', actionParameters: { id: 4 } })).toBe('/group/4/dashboard');
  });
  it('an appeal to hear opens the violation notice', () => {
    expect(notificationPath({ type: 'Group', actionParameters: { id: 4, noticeId: 12 } })).toBe('/violations/12');
  });
  it('a match result or waste sample opens the property (its results once built, else its dashboard)', () => {
    const path = notificationPath({ type: 'WasteSample', actionParameters: { id: 5, sampleNumber: 'TD0100001' } });
    expect(['/group/5/results?samplenumber=TD0100001', '/group/5/dashboard']).toContain(path);
    expect(notificationPath({ type: 'PooPrintsMatchResult', actionParameters: {} })).toBeNull();
  });
});
