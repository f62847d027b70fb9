// The group's webhooks page against recorded answers: the list in the product's words with its last delivery, adding a
// subscription (a refused address shown under its field, then the request sent and the secret shown once), the test
// ping's outcome, the delivery log with a replay, and deleting only after DELETE is typed.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GroupTypes } from '@registry/contracts';
import { renderApp } from '../../test/renderApp';
import { signedInAs, userInfo } from '../../test/users';
import type { MockCall } from '../../test/utils';

afterEach(() => vi.unstubAllGlobals());

const hook = {
  id: 8,
  groupId: 31,
  groupName: 'Oak Court',
  url: 'https://pms.example.com/registry-events',
  description: 'Yardi',
  events: ['resident.movedOut', 'wasteSample.collected'],
  isActive: true,
  dateCreated: '2026-11-01T10:00:00.000Z',
  lastDelivery: { dateCreated: '2026-11-28T09:00:00.000Z', succeeded: false, statusCode: 503 },
};
const delivery = {
  id: 70,
  event: 'resident.movedOut',
  eventId: '6f0c2a9e-0000-4000-8000-000000000001',
  attempt: 2,
  isReplay: false,
  succeeded: false,
  statusCode: 503,
  durationMs: 41,
  responseExcerpt: 'Service Unavailable',
  error: null,
  dateCreated: '2026-11-28T09:00:00.000Z',
};
const refusal = 'Must be a public address: this one leads to a loopback, private, link-local or metadata address.';

function setup() {
  return signedInAs(userInfo('propertyManager'), {
    'GET /api/v1/admingroups/directlyassignedgroups': [],
    'GET /api/v1/groups/group': [],
    'GET /api/v1/group/31': {
      id: 31,
      name: 'Oak Court',
      groupType: GroupTypes.Property,
      isActive: true,
      parentId: 3,
      ancestorIds: [1, 3],
    },
    'GET /api/v1/group/getgroupmenuviewmodel/31': {
      groupId: 31,
      groupType: GroupTypes.Property,
      dashboard: true,
      detail: true,
      subgroups: false,
      admins: true,
      petOwners: true,
      pets: true,
      preRegLink: false,
      isPropertySteward: true,
      isParentageSteward: false,
      preRegCode: null,
    },
    'GET /api/v1/webhooks': { data: [hook], totalRecords: 1 },
    'POST /api/v1/webhooks': (call: MockCall) =>
      (call.body as { url: string }).url.includes('192.168.')
        ? { status: 400, body: { message: refusal, modelState: { url: [refusal] } } }
        : {
            body: { webhook: { ...hook, id: 9, url: 'https://warehouse.example.com/in' }, secret: 'whsec_shown-once' },
          },
    'GET /api/v1/webhooks/8/deliveries': { data: [delivery], totalRecords: 1 },
    'POST /api/v1/webhooks/8/ping': { message: 'Delivered: the receiver answered 200 in 35 ms.' },
    'POST /api/v1/webhooks/8/deliveries/70/replay': { message: 'Delivered: the receiver answered 200 in 20 ms.' },
    'DELETE /api/v1/webhooks/8': { message: 'The webhook was deleted.' },
  });
}

describe('webhooks page', { timeout: 240_000 }, () => {
  it('lists subscriptions in words, adds one with its secret shown once, pings, replays and deletes', async () => {
    const { calls } = setup();
    renderApp('/group/31/webhooks');
    expect(await screen.findByText(hook.url, undefined, { timeout: 90_000 })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 })).toBeTruthy();
    // The events in the product's words, never their code names; the last delivery's status code.
    expect(screen.getByText('Resident moved out, Waste sample collected')).toBeTruthy();
    expect(screen.queryByText(/resident\.movedOut/)).toBeNull();
    expect(screen.getByText('503')).toBeTruthy();
    const list = calls.find((c) => c.url.pathname === '/api/v1/webhooks')!;
    expect(list.url.searchParams.get('groupId')).toBe('31');

    // Adding: a private address is refused under its field and the dialog stays open; a public one shows the secret.
    await userEvent.click(screen.getByRole('button', { name: 'Add webhook' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Address'), 'https://192.168.1.5/hooks');
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Order paid' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    expect(await within(dialog).findByText(refusal)).toBeTruthy();
    expect(screen.queryByTestId('new-webhook-secret')).toBeNull();
    const address = within(dialog).getByLabelText('Address');
    await userEvent.clear(address);
    await userEvent.type(address, 'https://warehouse.example.com/in');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    expect(await screen.findByTestId('new-webhook-secret')).toHaveProperty('textContent', 'whsec_shown-once');
    const creates = calls.filter((c) => c.method === 'POST' && c.url.pathname === '/api/v1/webhooks');
    expect(creates).toHaveLength(2);
    expect(creates[1].body).toEqual({
      groupId: 31,
      url: 'https://warehouse.example.com/in',
      description: null,
      events: ['order.paid'],
    });
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Done' }));

    // The test ping: its outcome is shown.
    await userEvent.click(screen.getByRole('button', { name: 'Send test ping' }));
    expect(await screen.findByText('Delivered: the receiver answered 200 in 35 ms.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST' && c.url.pathname === '/api/v1/webhooks/8/ping')).toBe(true);

    // The delivery log: each attempt with its status and the answer's first bytes, and a replay.
    await userEvent.click(screen.getByRole('button', { name: /expand row/i }));
    expect(await screen.findByText('Service Unavailable')).toBeTruthy();
    const logged = screen.getByText('Service Unavailable').closest('tr') as HTMLElement;
    expect(within(logged).getByText('Resident moved out')).toBeTruthy();
    expect(within(logged).getByText('503')).toBeTruthy();
    expect(within(logged).getByText('41 ms')).toBeTruthy();
    const logCall = calls.find((c) => c.url.pathname === '/api/v1/webhooks/8/deliveries')!;
    expect(logCall.url.searchParams.get('page')).toBe('1');
    await userEvent.click(within(logged).getByRole('button', { name: 'Replay' }));
    expect(await screen.findByText('Delivered: the receiver answered 200 in 20 ms.')).toBeTruthy();

    // Delete: a wrong word is refused and nothing is sent; DELETE deletes.
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = (await screen.findByText('Delete webhook')).closest('.ant-modal') as HTMLElement;
    await userEvent.type(within(confirm).getByRole('textbox'), 'delete');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await within(confirm).findByText(/Invalid confirmation text/)).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.clear(within(confirm).getByRole('textbox'));
    await userEvent.type(within(confirm).getByRole('textbox'), 'DELETE');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.url.pathname === '/api/v1/webhooks/8')).toBe(true),
    );
  });
});
