import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderApp } from '../../test/renderApp';
import { mockFetch } from '../../test/utils';

afterEach(() => vi.unstubAllGlobals());

const owner = {
  id: 42,
  userName: 'owner',
  fullName: 'Olive Owner',
  firstName: 'Olive',
  lastName: 'Owner',
  email: 'olive@example.com',
  roleId: 3,
  role: 'PetOwner',
  isAdmin: false,
  isPetOwner: true,
  isBioPetAdmin: false,
  isResident: false,
  petOwnerId: 42,
  residentId: null,
  features: [],
  impersonatedBy: null,
};

function setup(over: Record<string, unknown> = {}) {
  sessionStorage.setItem('registry.accessToken', 'tok');
  return mockFetch({
    'GET /api/v1/account/userinfo': owner,
    'GET /api/v1/features': [],
    'GET /api/v1/petowner/42': {
      id: 42,
      userName: 'owner',
      fullName: 'Olive Owner',
      email: 'olive@example.com',
      isActive: true,
      pets: [
        { id: 1, name: 'Biscuit', sampleNumber: 'DN1000001', breed: 'Labrador Retriever', gender: 1, isActive: true },
        { id: 2, name: 'Pepper', sampleNumber: 'DN1000002', breed: null, gender: 2, isActive: false },
      ],
    },
    // The pet list and the selected dog come from the pet calls (features/pets).
    'GET /api/v1/pet/getallpets/42': [
      petRow({ id: 1, name: 'Biscuit', sampleNumber: 'DN1000001', breed: 'Labrador Retriever' }),
      petRow({ id: 2, name: 'Pepper', sampleNumber: 'DN1000002', isActive: false }),
    ],
    'GET /api/v1/pet/2': {
      ...petRow({ id: 2, name: 'Pepper', sampleNumber: 'DN1000002', isActive: false }),
      weight: null,
      weightUnit: 0,
      gender: 2,
      dateOfBirth: null,
      adoptionDate: null,
      isParentage: false,
      isPooPrints: true,
      isPetId: false,
      flagNotes: null,
      hasApprovedVerificationTest: false,
      isDnaVerificationCertificateRevoked: false,
      isDeferredRegistration: false,
      imageUrl: null,
      updatedBy: null,
    },
    'GET /api/v1/pet/getsamplehistory': [],
    ...over,
  });
}

function petRow(values: Record<string, unknown>) {
  return {
    petOwnerId: 42,
    petOwnerName: 'Olive Owner',
    breed: null,
    customerFacingStatus: 0,
    isServiceAnimal: false,
    isActive: true,
    isFlagged: false,
    dateCreated: '2026-01-02T00:00:00.000Z',
    dateUpdated: '2026-01-02T00:00:00.000Z',
    statusLastUpdated: '2026-01-02T00:00:00.000Z',
    ...values,
  };
}

describe('pet owner page', () => {
  it("shows the owner's details and pets, selecting the dog of the sample number in the URL", async () => {
    setup();
    renderApp('/petowner/42/dn1000002');
    expect(await screen.findByRole('heading', { name: 'Olive Owner' })).toBeTruthy();
    expect(screen.getByText('olive@example.com')).toBeTruthy();
    expect(await screen.findByText('Biscuit')).toBeTruthy();
    expect(screen.getByText('Pepper').closest('tr')!.className).toContain('ant-table-row-selected');
    expect(screen.getByText('Biscuit').closest('tr')!.className).not.toContain('ant-table-row-selected');
    // The selected dog's details show below the list.
    expect(await screen.findByText('Female')).toBeTruthy();
  });

  it('shows the server refusal for someone else’s page', async () => {
    setup({
      'GET /api/v1/petowner/43': () => ({
        status: 403,
        body: { message: 'You do not have access to this pet owner.' },
      }),
    });
    renderApp('/petowner/43');
    expect(await screen.findByText('You do not have access to this pet owner.')).toBeTruthy();
  });
});
