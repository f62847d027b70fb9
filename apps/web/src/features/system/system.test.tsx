import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { renderApp } from '../../test/renderApp';
import { type MockCall } from '../../test/utils';
import { defaultAuditStart } from './system.search';
import { labToday } from '../../components/labTime';
import { signedInAs, userInfo } from '../../test/users';

afterEach(() => vi.unstubAllGlobals());

const me = userInfo('labAdmin', { labTimeZone: 'America/New_York' });

function setup(over: Record<string, unknown>) {
  return signedInAs(me, {
    'GET /api/v1/admingroups/directlyassignedgroups': [],
    ...over,
  });
}

const emailRow = (id: number) => ({
  id,
  subject: `Subject ${id}`,
  recipients: 'a@example.com',
  body: `<p>Body ${id}</p>`,
  dateSent: '2026-03-01T10:00:00Z',
  wasSuccessful: id % 2 === 0,
  errorMessage: null,
});

describe('email log', () => {
  it('pages by 15 by default and sends filters from the URL', async () => {
    const { calls } = setup({ 'GET /api/v1/emaillog': { data: [emailRow(1), emailRow(2)], totalRecords: 2 } });
    renderApp('/system/emaillog?subjectFilter=Welcome&wasSuccessfulFilter=false&dateFilter=03%2F01%2F2026');
    expect(await screen.findByText('Subject 1')).toBeTruthy();
    const q = calls.find((c) => c.url.pathname === '/api/v1/emaillog')!.url.searchParams;
    expect(q.get('pageSize')).toBe('15');
    expect(q.get('subjectFilter')).toBe('Welcome');
    expect(q.get('wasSuccessfulFilter')).toBe('false');
    expect(q.get('dateFilter')).toBe('03/01/2026');
  });

  it("shows when each mail was sent in the lab's time zone", async () => {
    const row = { ...emailRow(1), dateSent: '2026-03-01T03:00:00Z' };
    setup({ 'GET /api/v1/emaillog': { data: [row], totalRecords: 1 } });
    renderApp('/system/emaillog');
    expect(await screen.findByText('Feb-28-26 10:00 PM EST')).toBeTruthy();
  });

  it('a lab in another zone sees its own wall clock', async () => {
    const row = { ...emailRow(1), dateSent: '2026-03-01T03:00:00Z' };
    setup({
      'GET /api/v1/account/userinfo': { ...me, labTimeZone: 'Asia/Tokyo' },
      'GET /api/v1/emaillog': { data: [row], totalRecords: 1 },
    });
    renderApp('/system/emaillog');
    expect(await screen.findByText('Mar-01-26 12:00 PM GMT+9')).toBeTruthy();
  });

  it('commits a subject filter on Enter and resets to page 1', async () => {
    const { calls } = setup({ 'GET /api/v1/emaillog': { data: [emailRow(1)], totalRecords: 1 } });
    const { router } = renderApp('/system/emaillog?page=3');
    await userEvent.type(await screen.findByRole('textbox', { name: 'Subject' }), 'Reset{Enter}');
    await waitFor(() => expect(router.state.location.search).toEqual({ subjectFilter: 'Reset' }));
    await waitFor(() => expect(calls.at(-1)!.url.searchParams.get('subjectFilter')).toBe('Reset'));
  });

  it('clears the log after confirmation', async () => {
    const { calls } = setup({
      'GET /api/v1/emaillog': { data: [emailRow(1)], totalRecords: 1 },
      'DELETE /api/v1/emaillog/deleteall': { message: 'ok' },
    });
    renderApp('/system/emaillog');
    await screen.findByText('Subject 1');
    await userEvent.click(screen.getByRole('button', { name: /Delete all/ }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Delete all' }));
    expect(await screen.findByText('Log cleared')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(true);
  });
});

describe('audit log', () => {
  it('starts one month back at midnight with 100 rows per page', async () => {
    const { calls } = setup({ 'GET /api/v1/auditlog': { data: [], totalRecords: 0 } });
    renderApp('/system/audit-log');
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/v1/auditlog')).toBe(true));
    const q = calls.find((c) => c.url.pathname === '/api/v1/auditlog')!.url.searchParams;
    expect(q.get('pageSize')).toBe('100');
    expect(q.get('startDate')).toBe(labToday('America/New_York').subtract(1, 'month').format('MM/DD/YYYY'));
    expect(defaultAuditStart(dayjs('2026-03-31T15:20:00')).format('YYYY-MM-DD HH:mm')).toBe('2026-02-28 00:00');
  });

  it('shows load errors in an alert titled Error', async () => {
    setup({
      'GET /api/v1/auditlog': () => ({
        status: 400,
        body: { message: 'The request is invalid.', modelState: { endDate: ['Invalid date.'] } },
      }),
    });
    renderApp('/system/audit-log?endDate=01%2F01%2F2026');
    expect(await screen.findByText('Invalid date.')).toBeTruthy();
    expect(screen.getAllByText('Error').length).toBeGreaterThan(0);
  });

  it('takes its filters from the URL through the contract (a value too long is dropped), and says what to do when empty', async () => {
    const { calls } = setup({ 'GET /api/v1/auditlog': { data: [], totalRecords: 0 } });
    renderApp(`/system/audit-log?entityType=pet&actionType=${'x'.repeat(65)}`);
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/v1/auditlog')).toBe(true));
    const q = calls.find((c) => c.url.pathname === '/api/v1/auditlog')!.url.searchParams;
    expect(q.get('entityType')).toBe('pet');
    expect(q.has('actionType')).toBe(false);
    expect(await screen.findByText(/No audit entries match\. Widen the dates/)).toBeTruthy();
    expect((screen.getByLabelText('Created by') as HTMLInputElement).maxLength).toBe(256);
  });

  it('verifies the chain', async () => {
    setup({
      'GET /api/v1/auditlog': { data: [], totalRecords: 0 },
      'GET /api/v1/auditlog/verify': { ok: false, checked: 120, firstBrokenId: 77 },
    });
    renderApp('/system/audit-log');
    await userEvent.click(await screen.findByRole('button', { name: /Verify chain/ }));
    expect(await screen.findByText('The audit chain is broken.')).toBeTruthy();
    expect(screen.getByText('120 entries checked. First broken entry: #77.')).toBeTruthy();
  });
});

describe('documents', () => {
  const doc = {
    documentId: 4,
    name: 'Terms of Service',
    currentVersionId: 9,
    versionCount: 2,
    dateUpdated: '2026-03-01T10:00:00Z',
  };

  it('creates a document', async () => {
    const { calls } = setup({
      'GET /api/v1/document': [doc],
      'POST /api/v1/document': ({ body }: MockCall) => ({
        body: { ...(body as object), documentId: 5, versionId: 1, version: 1, versions: [] },
      }),
    });
    renderApp('/system/documents');
    await screen.findByText('Terms of Service');
    await userEvent.click(screen.getByRole('button', { name: /New document/ }));
    await userEvent.type(await screen.findByLabelText('Name'), 'Privacy Policy');
    await userEvent.type(screen.getByRole('textbox', { name: 'Content' }), 'We care.');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Document added successfully.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ name: 'Privacy Policy', content: 'We care.' });
  });

  it('reports a failed save', async () => {
    setup({
      'GET /api/v1/document': [doc],
      'GET /api/v1/document/4': {
        documentId: 4,
        name: 'Terms of Service',
        content: '<p>v2</p>',
        versionId: 9,
        version: 2,
        versions: [],
      },
      'PUT /api/v1/document/4': () => ({ status: 500, body: { message: 'boom' } }),
    });
    renderApp('/system/documents');
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Terms of Service' }));
    await waitFor(() => expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Terms of Service'));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to save document')).toBeTruthy();
  });

  it('shows the server problem with the name under Name', async () => {
    setup({
      'GET /api/v1/document': [doc],
      'POST /api/v1/document': () => ({
        status: 400,
        body: { message: 'The request is invalid.', modelState: { name: ['A document with this name exists.'] } },
      }),
    });
    renderApp('/system/documents');
    await screen.findByText('Terms of Service');
    await userEvent.click(screen.getByRole('button', { name: /New document/ }));
    await userEvent.type(await screen.findByLabelText('Name'), 'Terms of Service');
    await userEvent.type(screen.getByRole('textbox', { name: 'Content' }), 'Text.');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    const item = screen.getByLabelText('Name').closest('.ant-form-item')!;
    await waitFor(() =>
      expect(item.querySelector('.ant-form-item-explain-error')?.textContent).toBe('A document with this name exists.'),
    );
    expect(screen.queryByText('Failed to save document')).toBeNull();
  });

  it('lists versions and reports a version that fails to load', async () => {
    setup({
      'GET /api/v1/document': [doc],
      'GET /api/v1/document/4': ({ url }: MockCall) =>
        url.searchParams.get('versionId') === '8'
          ? { status: 500, body: { message: 'boom' } }
          : {
              body: {
                documentId: 4,
                name: 'Terms of Service',
                content: '<p>v2</p>',
                versionId: 9,
                version: 2,
                versions: [
                  { versionId: 9, version: 2, dateCreated: '2026-03-01T10:00:00Z', createdBy: 'boss' },
                  { versionId: 8, version: 1, dateCreated: '2026-02-01T10:00:00Z', createdBy: 'boss' },
                ],
              },
            },
    });
    renderApp('/system/documents');
    await userEvent.click(await screen.findByRole('button', { name: 'Versions of Terms of Service' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Version 1' }));
    expect(await screen.findByText('Failed to load document version')).toBeTruthy();
  });
});
