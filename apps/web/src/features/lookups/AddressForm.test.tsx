import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Form } from 'antd';
import { AddressForm, type AddressFormProps } from './AddressForm';
import { mockFetch, renderWithProviders } from '../../test/utils';

afterEach(() => vi.unstubAllGlobals());

const countries = [
  { id: 'CA', name: 'Canada', twoLetterCode: 'CA', subdivisionLabel: 'Province' },
  { id: 'US', name: 'United States', twoLetterCode: 'US', subdivisionLabel: 'State' },
];
const states: Record<string, unknown[]> = {
  US: [
    { id: 'US-CA', name: 'California', abbreviation: 'CA', countryId: 'US' },
    { id: 'US-TX', name: 'Texas', abbreviation: 'TX', countryId: 'US' },
  ],
  CA: [{ id: 'CA-ON', name: 'Ontario', abbreviation: 'ON', countryId: 'CA' }],
};

function setup(props: AddressFormProps = {}) {
  const { calls } = mockFetch({
    'GET /api/v1/lookup/countries': countries,
    'GET /api/v1/lookup/getstatesbyid': ({ url }: { url: URL }) => ({
      body: states[url.searchParams.get('countryId') ?? ''] ?? [],
    }),
  });
  const onFinish = vi.fn<(values: { address: Record<string, unknown> }) => void>();
  renderWithProviders(
    <Form layout="vertical" onFinish={onFinish}>
      <AddressForm {...props} />
      <Button htmlType="submit">Save</Button>
    </Form>,
  );
  return { calls, onFinish };
}

async function chooseOption(label: string | RegExp, option: string) {
  const combo = screen.getByRole('combobox', { name: label });
  await userEvent.click(combo);
  const opt = await screen.findByTitle(option);
  await userEvent.click(opt);
}

describe('AddressForm', () => {
  it('loads the states of the chosen country and labels them by its subdivision label', async () => {
    const { calls, onFinish } = setup();
    await waitFor(() => expect(calls.some((c) => c.url.pathname.endsWith('/countries'))).toBe(true));
    expect((screen.getByRole('combobox', { name: 'State' }) as HTMLInputElement).disabled).toBe(true);
    await chooseOption('Country', 'United States');
    await waitFor(() => expect(calls.some((c) => c.url.searchParams.get('countryId') === 'US')).toBe(true));
    await chooseOption('State', 'Texas');
    await userEvent.type(screen.getByLabelText('Address line 1'), '1 Main St');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onFinish).toHaveBeenCalled());
    expect(onFinish.mock.calls[0][0].address).toMatchObject({
      countryId: 'US',
      stateId: 'US-TX',
      addressLine1: '1 Main St',
    });
  });

  it('shows line 2 but not line 3 by default, and honours custom labels', () => {
    setup({ labels: { addressLine1: 'Street' } });
    expect(screen.getByLabelText('Street')).toBeTruthy();
    expect(screen.getByLabelText('Address line 2')).toBeTruthy();
    expect(screen.queryByLabelText('Address line 3')).toBeNull();
  });

  it('can show line 3 and hide line 2', () => {
    setup({ showLine2: false, showLine3: true });
    expect(screen.queryByLabelText('Address line 2')).toBeNull();
    expect(screen.getByLabelText('Address line 3')).toBeTruthy();
  });

  it('defaults the country to the first one or to a code', async () => {
    setup({ defaultCountry: 'first' });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Province' })).toBeTruthy());
    const selector = screen.getByRole('combobox', { name: 'Country' }).closest('.ant-select') as HTMLElement;
    expect(within(selector).getByText('Canada')).toBeTruthy();
  });

  it('defaults the country by code', async () => {
    setup({ defaultCountry: 'US' });
    await waitFor(() => {
      const selector = screen.getByRole('combobox', { name: 'Country' }).closest('.ant-select') as HTMLElement;
      expect(within(selector).getByText('United States')).toBeTruthy();
    });
  });
});
