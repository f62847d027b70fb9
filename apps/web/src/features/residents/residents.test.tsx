import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PetSpecies, RegistrationStatus } from '@registry/contracts';
import { renderApp } from '../../test/renderApp';
import { mockFetch } from '../../test/utils';
import { signedInAs, userInfo } from '../../test/users';

afterEach(() => vi.unstubAllGlobals());

const manager = userInfo('propertyManager', { roleId: 8 });

const dog = (id: number, name: string, isRegistered = false) => ({
  id,
  name,
  breed: null,
  weight: null,
  weightUnit: 0,
  isServiceAnimal: false,
  serviceAnimalRepresentationAttested: false,
  dateOfBirth: null,
  adoptionDate: null,
  imagePath: null,
  isRegistered,
});
const details = (over: Record<string, unknown> = {}) => ({
  id: 5,
  userId: null,
  fullName: 'Morgan Lee',
  firstName: 'Morgan',
  lastName: 'Lee',
  userName: null,
  email: 'morgan@example.com',
  phoneNumber: null,
  unitNumber: '113',
  status: RegistrationStatus.PendingApproval,
  petSpecies: PetSpecies.Dog,
  isPartiallyRegistered: false,
  isPetOwner: false,
  petOwnerId: null,
  datePreRegistered: '2026-01-10T12:00:00.000Z',
  preRegisteredDogs: 2,
  dogs: [],
  groupId: 3,
  propertyName: 'Oak Ridge Apartments',
  address: null,
  otherPetSpeciesNotListed: null,
  dateApproved: null,
  dogDetails: [dog(11, 'Bella'), dog(12, 'Max', true)],
  ...over,
});

function signedIn(handlers: Record<string, unknown>) {
  return signedInAs(manager, handlers);
}

describe('resident details', () => {
  it('lists the pre-registered dogs; only an unregistered one can be deleted, by typing its name', async () => {
    const { calls } = signedIn({
      'GET /api/v1/residents/5/details': details(),
      'DELETE /api/v1/dogs/5/11': { message: 'Bella deleted.' },
    });
    renderApp('/resident/5');
    expect(await screen.findByRole('heading', { name: 'Morgan Lee' })).toBeTruthy();
    const bella = screen.getByText('Bella').closest('li')!;
    const max = screen.getByText('Max').closest('li')!;
    expect(within(max).queryByRole('button', { name: 'Delete' })).toBeNull();
    fireEvent.click(within(bella).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete dog' });
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'Bella' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    const call = calls.find((c) => c.method === 'DELETE')!;
    expect(call.url.searchParams.get('confirmName')).toBe('Bella');
  });

  it('says so when the resident has no dogs, and asks before approving a non-dog resident', async () => {
    const { calls } = signedIn({
      'GET /api/v1/residents/5/details': details({ petSpecies: PetSpecies.Cat, dogDetails: [], fullName: 'Jamie Fox' }),
      'PUT /api/v1/preregresident/5/approve': {
        message: 'Resident Jamie Fox approved.',
        petOwnerId: null,
        userName: null,
      },
    });
    renderApp('/resident/5');
    expect(await screen.findByText('No dogs associated with this resident')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('You are about to approve resident Jamie Fox. Continue?')).toBeTruthy();
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Resident Jamie Fox approved.')).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({});
  });
});

describe('public pre-registration', () => {
  it('sends an unknown property code back to the code entry with a message', async () => {
    mockFetch({
      'GET /api/v1/preregistration/getpropertybypreregcode/NOPE': () => ({
        status: 404,
        body: { message: 'The pre-registration code is not valid. Please check it and try again.' },
      }),
      'GET /api/v1/preregistration/documents': [],
    });
    renderApp('/reg/NOPE');
    expect(
      await screen.findByText('The pre-registration code is not valid. Please check it and try again.'),
    ).toBeTruthy();
    expect((screen.getByLabelText('Property pre-registration code') as HTMLInputElement).value).toBe('NOPE');
  });
});
