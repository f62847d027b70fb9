import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SampleCustomerStatus as S } from '@registry/contracts';
import { renderApp } from '../../test/renderApp';
import { mockFetch } from '../../test/utils';
import { findBySampleNumber, OWNER_PET_PAGE_SIZES } from './OwnerPets';
import { petImageProblem } from './PetImageUpload';
import { allowedActions } from './SampleActions';
import { fieldsToRevert } from './PetEditModal';
import { ApiError } from '../../lib/api';
import { signedInAs, userInfo } from '../../test/users';

afterEach(() => vi.unstubAllGlobals());

const staff = userInfo('labAdmin');
const row = (values: Record<string, unknown>) => ({
  id: 1,
  petOwnerId: 42,
  petOwnerName: 'Olive Owner',
  name: 'Rex',
  breed: null,
  sampleNumber: 'DN1000001',
  customerFacingStatus: 0,
  isServiceAnimal: false,
  isActive: true,
  isFlagged: false,
  dateCreated: '2026-01-02T00:00:00.000Z',
  dateUpdated: '2026-01-02T00:00:00.000Z',
  statusLastUpdated: '2026-01-02T00:00:00.000Z',
  hasApprovedVerificationTest: false,
  isDnaVerificationCertificateRevoked: false,
  ...values,
});

describe('pet rules on screen', () => {
  it('offers only the status actions the machine allows', () => {
    expect(allowedActions({ customerFacingStatus: S.ProfileCreated })).toEqual(['reject', 'expire', 'void']);
    expect(allowedActions({ customerFacingStatus: S.SampleVoided })).toEqual(['unvoid']);
    expect(allowedActions({ customerFacingStatus: S.DnaProcessingComplete })).toEqual([
      'void',
      'resetToProfileCreated',
      'verify',
    ]);
  });

  it('checks pet images before sending: under 4,000,000 bytes and an image', () => {
    expect(petImageProblem({ size: 3_999_999, type: 'image/png' })).toBeNull();
    expect(petImageProblem({ size: 4_000_000, type: 'image/png' })).toBe('File must be under 4mb.');
    expect(petImageProblem({ size: 10, type: 'text/plain' })).toBe('File must be an image.');
  });

  it('jumps to a pet only when exactly one sample number matches, in any case', () => {
    const pets = [row({ id: 1, sampleNumber: 'DN1000001' }), row({ id: 2, sampleNumber: 'DN1000002' })];
    expect(findBySampleNumber(pets, ' dn1000002 ')?.id).toBe(2);
    expect(findBySampleNumber(pets, 'DN100000')).toBeNull();
    expect(OWNER_PET_PAGE_SIZES.slice(0, 4)).toEqual([15, 25, 50, 100]);
  });
});

describe('pet screens', () => {
  it('lists the pets under a group with the filters of the URL sent to the server', async () => {
    const { calls } = signedInAs(staff, {
      'GET /api/v1/group/7': { id: 7, name: 'Oak Ridge', groupType: 4, isActive: true },
      'GET /api/v1/groups/petownergroup/getpetsundergroup': {
        totalRecords: 1,
        data: [row({ name: 'Biscuit', isServiceAnimal: true })],
      },
    });
    renderApp('/group/7/pets?samplenumber=DN1&samplestatus=10&petstatus=true');
    await screen.findByText('Biscuit');
    const list = calls.find((call) => call.url.pathname.endsWith('/getpetsundergroup'))!;
    expect(Object.fromEntries(list.url.searchParams)).toMatchObject({
      groupId: '7',
      sampleNumberFilter: 'DN1',
      customerFacingStatusFilter: '10',
      isServiceAnimalFilter: 'true',
    });
    expect(screen.getByText('Biscuit').closest('tr')!.textContent).toContain('ESA');
  });

  it('the barcode lookup refuses a bad format before asking the server, and clears the input', async () => {
    sessionStorage.setItem('registry.accessToken', 'tok');
    const { calls } = mockFetch({ 'GET /api/v1/account/userinfo': staff, 'GET /api/v1/features': [] });
    renderApp('/tools/petbarcodescanner');
    const input = await screen.findByRole('searchbox', { name: 'Sample number' });
    fireEvent.change(input, { target: { value: 'TD1234567' } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
    await screen.findByText('invalid format');
    await waitFor(() => expect((input as HTMLInputElement).value).toBe(''));
    expect(calls.some((call) => call.url.pathname.endsWith('/pet/lookup'))).toBe(false);
  });
});

describe('the dog’s page', () => {
  const owner = userInfo('petOwner', { id: 42, petOwnerId: 42, userName: 'owner', fullName: 'Olive Owner' });
  const pet = (values: Record<string, unknown>) => ({
    ...row({ customerFacingStatus: S.DnaProcessingComplete }),
    weight: null,
    weightUnit: 0,
    gender: 0,
    dateOfBirth: null,
    adoptionDate: null,
    isParentage: false,
    isPooPrints: true,
    isPetId: false,
    flagNotes: null,
    isDeferredRegistration: false,
    imageUrl: null,
    updatedBy: null,
    parentageCertificateResultId: null,
    ...values,
  });
  const mocks = (dog: ReturnType<typeof pet>) => {
    return signedInAs(owner, {
      'GET /api/v1/petowner/42': {
        id: 42,
        userName: 'owner',
        firstName: 'Olive',
        lastName: 'Owner',
        fullName: 'Olive Owner',
        email: 'olive@example.com',
        groups: [],
        pets: [],
        isActive: true,
      },
      'GET /api/v1/petowner/getgrouphistoryforpetowner/42': [],
      'GET /api/v1/pet/getallpets/42': [row({ customerFacingStatus: S.DnaProcessingComplete })],
      'GET /api/v1/pet/1': dog,
      'GET /api/v1/pdfdownload/getproofofparentagecertificate': { pdf: true },
    });
  };

  it('offers the parentage certificate of a certified dog with no Parentage product, by the dog', async () => {
    const tab = { location: { href: '' }, close: vi.fn<() => void>() };
    const saved = { open: window.open, create: URL.createObjectURL };
    window.open = vi.fn<typeof window.open>(() => tab as unknown as Window);
    URL.createObjectURL = vi.fn<typeof URL.createObjectURL>(() => 'blob:certificate');
    onTestFinished(() => {
      window.open = saved.open;
      URL.createObjectURL = saved.create;
    });
    const { calls } = mocks(pet({ parentageCertificateResultId: 7 }));
    renderApp('/petowner/42/DN1000001');
    await userEvent.click(await screen.findByRole('button', { name: 'Parentage certificate' }, { timeout: 15_000 }));
    await waitFor(() => expect(tab.location.href).toBe('blob:certificate'));
    const call = calls.find((c) => c.url.pathname === '/api/v1/pdfdownload/getproofofparentagecertificate')!;
    expect(Object.fromEntries(call.url.searchParams)).toEqual({ petId: '1' });
  }, 30_000);

  it('has no parentage certificate without a Certified result', async () => {
    mocks(pet({}));
    renderApp('/petowner/42/DN1000001');
    await screen.findByText('Date of birth', undefined, { timeout: 15_000 });
    expect(screen.queryByRole('button', { name: 'Parentage certificate' })).toBeNull();
  }, 30_000);
});

describe('a refused pet update', () => {
  it('names the fields to put back: sample number, name and the three products (spec 3 §5)', () => {
    const refused = (body: unknown) => new ApiError(400, body, 'Update Failed');
    expect(
      fieldsToRevert(refused({ message: 'The request is invalid.', modelState: { sampleNumber: ['taken'] } })),
    ).toEqual(['sampleNumber']);
    expect(fieldsToRevert(refused({ message: 'DN1234567: This sample number is already in use.' }))).toEqual([
      'sampleNumber',
    ]);
    expect(fieldsToRevert(refused({ message: 'The pet name is required.' }))).toEqual(['name']);
    expect(
      fieldsToRevert(refused({ message: 'A Parentage result exists, so PooPrints and Pet ID cannot change.' })),
    ).toEqual(['isParentage', 'isPooPrints', 'isPetId']);
    expect(fieldsToRevert(refused({ message: 'The weight must be positive.' }))).toEqual([]);
    expect(fieldsToRevert(new Error('network'))).toEqual([]);
  });
});
