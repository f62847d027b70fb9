import { afterEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { App as AntApp } from 'antd';
import { PasswordInput } from './PasswordInput';
import { MaxLengthInput, maxLengthStatus } from './MaxLengthInput';
import { UpdateOnEnterInput } from './UpdateOnEnterInput';
import { listFilterFields } from './urlFilters';
import { ActionsDropdown } from './ActionsDropdown';
import { QrCode } from './QrCode';
import { ConfirmByTypingDialog } from './ConfirmByTypingDialog';
import { DateRangePicker, isFutureDate, type DateRange } from './DateRangePicker';
import { labToday } from './labTime';
import { DEFAULT_LAB_TIME_ZONE } from '@registry/contracts/labTime';
import { groupResultsQuery } from '@registry/contracts';
import { ErrorPresenter, presentError } from './ErrorPresenter';
import { ApiError } from '../lib/api';
import { renderWithProviders } from '../test/utils';

afterEach(() => vi.unstubAllGlobals());

describe('PasswordInput', () => {
  it('toggles between hidden and shown', async () => {
    render(<PasswordInput aria-label="Password" defaultValue="s3cret" />);
    const input = screen.getByLabelText('Password') as HTMLInputElement;
    expect(input.type).toBe('password');
    await userEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(input.type).toBe('text');
    await userEvent.click(screen.getByRole('button', { name: 'Hide' }));
    expect(input.type).toBe('password');
  });
});

describe('MaxLengthInput', () => {
  function Harness({ max }: { max: number }) {
    const [v, setV] = useState('');
    return <MaxLengthInput aria-label="Notes" maxLength={max} value={v} onChange={setV} />;
  }

  it('classifies lengths', () => {
    expect(maxLengthStatus(0, 50)).toBe('ok');
    expect(maxLengthStatus(39, 50)).toBe('ok');
    expect(maxLengthStatus(40, 50)).toBe('warning');
    expect(maxLengthStatus(50, 50)).toBe('error');
  });

  it('warns near the limit, errors at it and blocks typing past it', async () => {
    render(<Harness max={12} />);
    const input = screen.getByLabelText('Notes') as HTMLInputElement;
    await userEvent.type(input, 'a');
    expect(screen.queryByText(/remaining/)).toBeNull();
    await userEvent.type(input, 'b');
    expect(screen.getByText('10 characters remaining.')).toBeTruthy();
    await userEvent.type(input, 'cdefghijklmnop');
    expect(input.value).toBe('abcdefghijkl');
    expect(screen.getByText('Maximum length of 12 characters reached.')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });
});

describe('UpdateOnEnterInput', () => {
  it('commits only on Enter', async () => {
    const onCommit = vi.fn<(v: string) => void>();
    render(<UpdateOnEnterInput aria-label="Filter" maxLength={50} onCommit={onCommit} />);
    const input = screen.getByLabelText('Filter');
    await userEvent.type(input, 'rex');
    expect(onCommit).not.toHaveBeenCalled();
    await userEvent.type(input, '{Enter}');
    expect(onCommit).toHaveBeenCalledWith('rex');
  });

  it("is a list filter's max-length box, at the server's limit for its field, and applies the trimmed text", async () => {
    const setParams = vi.fn<(patch: { samplenumber?: string }, options?: { resetPage?: boolean }) => void>();
    const filter = listFilterFields('group-results', { samplenumber: undefined }, setParams, groupResultsQuery);
    render(filter.text('samplenumber', 'Sample number', 'samplenumber'));
    const box = screen.getByLabelText('Sample number') as HTMLInputElement;
    expect(box.maxLength).toBe(20);
    await userEvent.type(box, '  TD123');
    expect(screen.queryByText(/remaining/)).toBeNull();
    await userEvent.type(box, '4567');
    expect(screen.getByText('9 characters remaining.')).toBeTruthy();
    await userEvent.type(box, '{Enter}');
    expect(setParams).toHaveBeenCalledWith({ samplenumber: 'TD1234567' }, { resetPage: true });
    await userEvent.type(box, ' and then some more');
    expect(box.value).toBe('  TD1234567 and then');
    expect(screen.getByText('Maximum length of 20 characters reached.')).toBeTruthy();
    expect(box.getAttribute('aria-invalid')).toBe('true');
  });
});

describe('ActionsDropdown', () => {
  it('makes the first eligible action the main button and hides ineligible ones', async () => {
    const edit = vi.fn<() => void>();
    const remove = vi.fn<() => void>();
    render(
      <ActionsDropdown
        actions={[
          { key: 'approve', label: 'Approve', onClick: vi.fn<() => void>(), eligible: false },
          { key: 'edit', label: 'Edit', onClick: edit },
          { key: 'delete', label: 'Delete', onClick: remove, danger: true },
        ]}
      />,
    );
    expect(screen.queryByText('Approve')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Edit' }));
    expect(edit).toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'More actions' }));
    await userEvent.click(await screen.findByText('Delete'));
    expect(remove).toHaveBeenCalled();
  });

  it('renders nothing without eligible actions', () => {
    const { container } = render(
      <ActionsDropdown actions={[{ key: 'x', label: 'X', onClick: vi.fn<() => void>(), eligible: false }]} />,
    );
    expect(container.innerHTML).toBe('');
  });
});

describe('QrCode', () => {
  it('renders an SVG image of the value', async () => {
    render(<QrCode value="DN1234567" />);
    const img = (await screen.findByAltText('QR code for DN1234567')) as HTMLImageElement;
    expect(img.src.startsWith('data:image/svg+xml')).toBe(true);
  });
});

describe('ConfirmByTypingDialog', () => {
  it('refuses a mismatch with the given message and confirms on an exact match', async () => {
    const onConfirm = vi.fn<() => void>();
    render(
      <ConfirmByTypingDialog
        open
        title="Delete admin"
        prompt="Type the user name to confirm."
        expectedText="jdoe"
        mismatchMessage="Invalid confirmation text. Please ensure you have typed the username correctly."
        okText="Delete"
        onConfirm={onConfirm}
        onCancel={vi.fn<() => void>()}
      />,
    );
    const input = await screen.findByLabelText('Confirmation text');
    await userEvent.type(input, 'jdo');
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(
      await screen.findByText('Invalid confirmation text. Please ensure you have typed the username correctly.'),
    ).toBeTruthy();
    expect(onConfirm).not.toHaveBeenCalled();
    await userEvent.type(input, 'e');
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalled());
  });

  it('uses the generic message by default', async () => {
    render(
      <ConfirmByTypingDialog
        open
        title="Delete sample"
        prompt="Type it"
        expectedText="DN1234567"
        onConfirm={vi.fn<() => void>()}
        onCancel={vi.fn<() => void>()}
      />,
    );
    await userEvent.type(await screen.findByLabelText('Confirmation text'), 'DN0000000');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText(
        'Invalid confirmation text. Please ensure you have typed the confirmation text correctly.',
      ),
    ).toBeTruthy();
  });
});

describe('DateRangePicker', () => {
  it('disables future dates only', () => {
    const now = dayjs('2026-03-10T12:00:00');
    expect(isFutureDate(dayjs('2026-03-10T23:00:00'), now)).toBe(false);
    expect(isFutureDate(dayjs('2026-03-11T00:00:01'), now)).toBe(true);
    expect(isFutureDate(dayjs('2025-01-01'), now)).toBe(false);
  });

  it('shows the range as M/d/yyyy', () => {
    renderWithProviders(<DateRangePicker value={[dayjs('2026-02-03'), dayjs('2026-03-04')]} />);
    expect((screen.getByPlaceholderText('Start date') as HTMLInputElement).value).toBe('2/3/2026');
    expect((screen.getByPlaceholderText('End date') as HTMLInputElement).value).toBe('3/4/2026');
  });

  it('picks a range from the calendar and greys out future days', async () => {
    const onChange = vi.fn<(range: DateRange) => void>();
    renderWithProviders(<DateRangePicker onChange={onChange} />);
    await userEvent.click(screen.getByPlaceholderText('Start date'));
    // Signed out, the lab's zone is the default one: "today" is New York's day, whatever the browser's zone.
    const today = labToday(DEFAULT_LAB_TIME_ZONE);
    const first = today.startOf('month');
    const tomorrow = today.add(1, 'day');
    const cell = (d: dayjs.Dayjs) => document.querySelector(`td[title="${d.format('YYYY-MM-DD')}"]`) as HTMLElement;
    const tomorrowShown = tomorrow.month() === today.month();
    expect(!tomorrowShown || cell(tomorrow).className.includes('ant-picker-cell-disabled')).toBe(true);
    await userEvent.click(cell(first));
    await userEvent.click(cell(today));
    await waitFor(() => expect(onChange).toHaveBeenCalled());
    const [range] = onChange.mock.calls.at(-1)!;
    expect(range?.[0]?.format('M/D/YYYY')).toBe(first.format('M/D/YYYY'));
    expect(range?.[1]?.format('M/D/YYYY')).toBe(today.format('M/D/YYYY'));
  });
});

describe('ErrorPresenter', () => {
  it('prefers exceptionMessage', () => {
    const e = new ApiError(400, { message: 'Refused', exceptionMessage: 'Sample already approved' }, 'x');
    expect(presentError(e)).toEqual({ message: 'Sample already approved', details: [] });
  });
  it('flattens modelState under the message', () => {
    const e = new ApiError(
      400,
      {
        message: 'The request is invalid.',
        modelState: { email: ['Invalid email address.'], name: ['Required', 'Too long'] },
      },
      'x',
    );
    render(
      <AntApp>
        <ErrorPresenter error={e} />
      </AntApp>,
    );
    expect(screen.getByText('The request is invalid.')).toBeTruthy();
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Invalid email address.',
      'Required',
      'Too long',
    ]);
  });
  it('falls back to the message', () => {
    expect(presentError(new ApiError(404, {}, 'Not Found')).message).toBe('Not Found');
    expect(presentError(undefined, 'An unknown error occurred.').message).toBe('An unknown error occurred.');
  });
});
