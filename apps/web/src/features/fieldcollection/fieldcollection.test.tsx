// The field collection screens against recorded answers: a sample's custody page (timeline, photos, map pin), the lab
// receipt's collection record, and the where-waste-is-found map with its empty state.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from '../../test/renderApp';
import { signedInAs, userInfo } from '../../test/users';
import type { MockCall } from '../../test/utils';

afterEach(() => vi.unstubAllGlobals());

const record = {
  collectionId: 3,
  clientId: '0b0c7a57-3c4d-4f59-9d3c-2a4f1e0c9b11',
  wasteSampleId: 11,
  sampleNumber: 'TD0000042',
  propertyId: 4,
  propertyName: 'Oak Ridge Apartments',
  collectedAt: '2026-11-20T15:04:00.000Z',
  latitude: 40.7128,
  longitude: -74.006,
  accuracyMeters: 8.5,
  collectedByName: 'Marco Diaz',
  locationNotes: 'Behind building C',
  recordedBy: 'property.maintenance',
  recordedAt: '2026-11-20T15:10:00.000Z',
  photos: [
    {
      photoId: 1,
      url: '/api/v1/files/0123456789abcdef0123456789abcdef.jpg',
      originalUrl: '/api/v1/files/fedcba9876543210fedcba9876543210.jpg',
      sha256: 'a'.repeat(64),
      bytes: 1234,
      contentType: 'image/jpeg',
    },
  ],
};
const stored = {
  sampleId: 11,
  sampleNumber: 'TD0000042',
  propertyCollectedFromId: 4,
  propertyCollectedFromName: 'Oak Ridge Apartments',
  collectionLocationNotes: 'Behind building C',
  bioPetNotes: null,
  collectedByName: 'Marco Diaz',
  dateCollected: '2026-11-20',
  customerFacingStatus: 0,
  isFlagged: false,
  flagNotes: null,
  followupAction: 0,
  followupActionNotes: null,
  dateReceived: null,
  dateCreated: '2026-11-20T15:10:00Z',
};

describe('custody page', () => {
  it('shows the collection with its photo and pin, and the custody steps in words', async () => {
    signedInAs(userInfo('propertyManager'), {
      'GET /api/v1/fieldcollection/custody': {
        wasteSampleId: 11,
        sampleNumber: 'TD0000042',
        collection: record,
        tileUrl: null,
        events: [
          {
            auditId: 90,
            event: 'Collected',
            at: record.collectedAt,
            by: 'property.maintenance',
            details: { collectedBy: 'Marco Diaz', latitude: 40.7128 },
          },
          {
            auditId: 95,
            event: 'Received',
            at: '2026-11-22T14:00:00.000Z',
            by: 'lab.admin',
            details: { receivedBy: 'lab.admin' },
          },
          {
            auditId: 96,
            event: 'Plated',
            at: '2026-11-23T14:00:00.000Z',
            by: 'lab.admin',
            details: { plate: 'Plate 2026-11-23', well: 'D1' },
          },
          {
            auditId: 97,
            event: 'Typed',
            at: '2026-11-23T14:00:00.000Z',
            by: 'lab.admin',
            details: { plate: 'Plate 2026-11-23', profile: 310, result: 'Pass' },
          },
          {
            auditId: 98,
            event: 'ResultApproved',
            at: '2026-11-24T10:00:00.000Z',
            by: 'lab.admin',
            details: { result: 'Match', dog: 'DN0000007' },
          },
          {
            auditId: 99,
            event: 'CertificateIssued',
            at: '2026-11-24T11:00:00.000Z',
            by: 'property.manager',
            details: { certificate: 'MC-2026-000012', result: 'Match' },
          },
          {
            auditId: 100,
            event: 'NoticeSent',
            at: '2026-11-24T12:00:00.000Z',
            by: 'property.manager',
            details: {
              notice: 'VN-000003',
              certificate: 'MC-2026-000012',
              sentTo: "The owner's email and My notices",
            },
          },
        ],
      },
    });
    renderApp('/wastesample/11/custody');
    expect(await screen.findByRole('heading', { level: 1, name: 'Custody of sample TD0000042' })).toBeTruthy();
    expect(screen.getByText('Received at the lab')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Where sample TD0000042 was collected' })).toBeTruthy();
    expect(screen.getByAltText('Photo 1 of sample TD0000042').getAttribute('src')).toBe(record.photos[0]!.url);
    expect(screen.getByText(/40\.712800, -74\.006000 \(within 8\.5 m\)/)).toBeTruthy();
    // The lab's steps after receipt, each in words with what it recorded.
    for (const step of ['Plated', 'DNA typed', 'Result approved', 'Certificate issued', 'Notice sent'])
      expect(screen.getByText(step)).toBeTruthy();
    expect(screen.getByText('Well: D1')).toBeTruthy();
    expect(screen.getByText('DNA profile: 310')).toBeTruthy();
    expect(screen.getByText('Dog: DN0000007')).toBeTruthy();
    expect(screen.getAllByText('Certificate: MC-2026-000012')).toHaveLength(2);
    expect(screen.getByText('Notice: VN-000003')).toBeTruthy();
    expect(screen.getByText("Sent to: The owner's email and My notices")).toBeTruthy();
    // No internal event name reaches the screen.
    expect(screen.queryByText('Received')).toBeNull();
    expect(screen.queryByText('Typed')).toBeNull();
    expect(screen.queryByText('NoticeSent')).toBeNull();
    expect(screen.queryByText('ResultApproved')).toBeNull();
  });

  it('a sample entered without the app says so and what to do', async () => {
    signedInAs(userInfo('labAdmin'), {
      'GET /api/v1/fieldcollection/custody': {
        wasteSampleId: 12,
        sampleNumber: 'TD0000043',
        collection: null,
        tileUrl: null,
        events: [],
      },
    });
    renderApp('/wastesample/12/custody');
    expect(await screen.findByText(/entered without a collection record/)).toBeTruthy();
    expect(screen.getByText('No custody events recorded for this sample yet.')).toBeTruthy();
  });
});

describe('lab receipt', () => {
  it('shows the collection record of the scanned sample', async () => {
    const { calls } = signedInAs(userInfo('labAdmin'), {
      'GET /api/v1/admingroups/directlyassignedgroups': [],
      'GET /api/v1/admingroups/allstewardedproperties': [
        { id: 4, name: 'Oak Ridge Apartments', groupType: 4, isActive: true, parentId: 3 },
      ],
      'GET /api/v1/wastesamples/getwastesamplebysamplenumber': stored,
      'GET /api/v1/fieldcollection/bysamplenumber': record,
    });
    renderApp('/tools/scanwastebarcode');
    await userEvent.type(await screen.findByLabelText('Sample number'), 'TD0000042{Enter}');
    expect(await screen.findByText('Collection record')).toBeTruthy();
    expect(await screen.findByAltText('Photo 1 of sample TD0000042')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Chain of custody' }).getAttribute('href')).toBe('/wastesample/11/custody');
    expect(
      calls.some(
        (c) => c.url.searchParams.get('sampleNumber') === 'TD0000042' && c.url.pathname.endsWith('/bysamplenumber'),
      ),
    ).toBe(true);
  });
});

describe('where waste is found', () => {
  it('plots the points without outside tiles and filters by result', async () => {
    const { calls } = signedInAs(userInfo('propertyManager'), {
      'GET /api/v1/fieldcollection/points': ({ url }: MockCall) =>
        url.searchParams.get('result') === 'Match'
          ? { body: { propertyName: 'Oak Ridge Apartments', tileUrl: null, points: [] } }
          : {
              body: {
                propertyName: 'Oak Ridge Apartments',
                tileUrl: null,
                points: [
                  {
                    wasteSampleId: 11,
                    sampleNumber: 'TD0000042',
                    collectedAt: record.collectedAt,
                    latitude: 40.7128,
                    longitude: -74.006,
                    accuracyMeters: 8.5,
                    result: 'Pending',
                  },
                ],
              },
            },
    });
    renderApp('/group/4/wastemap');
    expect(await screen.findByRole('img', { name: 'Collection points of Oak Ridge Apartments' })).toBeTruthy();
    expect(document.querySelectorAll('svg image')).toHaveLength(0);
    expect(screen.getByText('No result yet')).toBeTruthy();
    await userEvent.click(screen.getByLabelText('Result'));
    await userEvent.click(await screen.findByTitle('Match'));
    await waitFor(() => expect(calls.some((c) => c.url.searchParams.get('result') === 'Match')).toBe(true));
    expect(await screen.findByText(/No collection points in this selection/)).toBeTruthy();
  });
});
