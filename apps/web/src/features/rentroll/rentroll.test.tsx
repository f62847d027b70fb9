import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../test/renderApp';
import { signedInAs, userInfo } from '../../test/users';

afterEach(() => vi.unstubAllGlobals());

const MAPPING = {
  unit: 'Unit',
  firstName: 'First Name',
  lastName: 'Last Name',
  email: 'Email',
  phone: null,
  moveIn: null,
  moveOut: 'Move Out',
};
const person = (firstName: string, lastName: string, unit: string, email: string | null) => ({
  firstName,
  lastName,
  unit,
  email,
  phone: null,
});
const PROPOSAL = {
  id: 31,
  groupId: 5,
  fileName: 'roll.csv',
  rowCount: 6,
  unchanged: 1,
  alreadyInvited: 0,
  additions: [
    { rowNumber: 2, person: person('Finn', 'New', '106', 'finn@example.com'), invite: true },
    { rowNumber: 3, person: person('Hal', 'Noemail', '108', null), invite: false },
  ],
  leavers: [{ residentId: 40, person: person('Cara', 'Leave', '103', 'cara@example.com'), moveOutDate: null }],
  changes: [
    {
      residentId: 41,
      rowNumber: 4,
      person: person('Bob', 'Change', '102B', 'bob@example.com'),
      changes: [{ field: 'unitNumber', label: 'Unit', from: '102', to: '102B' }],
    },
  ],
  problems: [{ rowNumber: 6, problemDesc: 'Invalid email', problemDetails: "'x' is not an email address." }],
  status: 'Proposed',
  dateCreated: '2026-11-29T03:00:00.000Z',
};

/** XMLHttpRequest answering the upload with the proposal (the upload reports progress through it). */
class FakeUpload {
  static sent: { method: string; url: string }[] = [];
  upload = { onprogress: null as null | ((e: unknown) => void) };
  status = 0;
  responseText = '';
  onload: null | (() => void) = null;
  onerror: null | (() => void) = null;
  private method = '';
  private url = '';
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader() {}
  send() {
    FakeUpload.sent.push({ method: this.method, url: this.url });
    setTimeout(() => {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 });
      this.status = 200;
      this.responseText = JSON.stringify(PROPOSAL);
      this.onload?.();
    }, 10);
  }
}

const setup = (handlers: Record<string, unknown> = {}) =>
  signedInAs(userInfo('propertyManager', { roleId: 8 }), {
    'GET /api/v1/group/5': { id: 5, name: 'Oak Ridge', groupType: 4, isActive: true, adjacentProperties: [] },
    'GET /api/v1/group/getgroupmenuviewmodel/5': { dashboard: true, detail: true, petOwners: true, pets: true },
    ...handlers,
  });

describe('rent roll', () => {
  it('asks for the mapping before the file and saves it', async () => {
    const { calls } = setup({
      'GET /api/v1/rentroll/5/mapping': { mapping: null, dateUpdated: null },
      'PUT /api/v1/rentroll/5/mapping': { mapping: MAPPING, dateUpdated: '2026-11-29T03:00:00.000Z' },
    });
    renderApp('/group/5/rentroll');
    expect(await screen.findByText(/Save the column mapping above/)).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Rent roll' })).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Unit column'), 'Unit');
    await userEvent.type(screen.getByLabelText('First name column'), 'First Name');
    await userEvent.type(screen.getByLabelText('Last name column'), 'Last Name');
    await userEvent.type(screen.getByLabelText('Email column'), 'Email');
    await userEvent.type(screen.getByLabelText('Move-out date column'), 'Move Out');
    await userEvent.click(screen.getByRole('button', { name: 'Save mapping' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual(MAPPING);
    expect(await screen.findByRole('button', { name: 'Choose rent roll file' })).toBeTruthy();
  });

  it('shows the proposal of an uploaded roll and applies only what staff leave chosen', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
    const { calls } = setup({
      'GET /api/v1/rentroll/5/mapping': { mapping: MAPPING, dateUpdated: '2026-11-29T03:00:00.000Z' },
      'POST /api/v1/rentroll/5/import/31/apply': {
        message: 'Rent roll applied: 1 invited, 0 moved out, 1 updated.',
        invited: 1,
        movedOut: 0,
        changed: 1,
      },
    });
    renderApp('/group/5/rentroll');
    await screen.findByRole('button', { name: 'Choose rent roll file' });
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['Unit\n'], 'roll.csv', { type: 'text/csv' })] } });
    expect(await screen.findByText('roll.csv: 6 row(s) read')).toBeTruthy();
    expect(FakeUpload.sent).toEqual([{ method: 'POST', url: '/api/v1/rentroll/5/import' }]);
    expect(screen.getByText('No email on the roll')).toBeTruthy();
    expect(screen.getByText('Unit: 102 → 102B')).toBeTruthy();
    expect(screen.getByText('Invalid email')).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'Invite Hal Noemail' }) as HTMLInputElement).disabled).toBe(true);
    // Leave Cara on the books.
    await userEvent.click(screen.getByRole('checkbox', { name: 'Move out Cara Leave' }));
    await userEvent.click(screen.getByRole('button', { name: 'Apply 2 change(s)' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('Rent roll applied: 1 invited, 0 moved out, 1 updated.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ additions: [2], moveOuts: [], changes: [41] });
  });
});
