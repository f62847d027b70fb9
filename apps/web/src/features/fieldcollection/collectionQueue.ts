// The phone's collection queue (issue 40): each collection saved on the device goes into IndexedDB first, so nothing is
// lost when there is no network or the app is closed, and is sent when the network returns: in the order saved, one at
// a time, each once (the server stores a repeated client id once). Before sending, the sign-in is checked again; when
// it fails the queue stays as it is and the screen asks to sign in.
import { accountEndpoints, fieldCollectionEndpoints, type FieldCollectionModelInput } from '@registry/contracts';
import { ApiError } from '../../lib/api';
import { callApi, postForm } from '../../lib/client';
import { getToken } from '../../lib/tokenStorage';

export type QueuedCollection = {
  clientId: string;
  /** Saved order on this device. */
  savedAt: number;
  model: FieldCollectionModelInput;
  photos: Blob[];
  state: 'waiting' | 'sent' | 'refused';
  /** The server's reason for a refused one. */
  problem?: string;
  sentAt?: number;
};

const DB_NAME = 'registry-field-collection';
const STORE = 'queue';
/** Sent collections the screen still lists (the newest); older ones are removed from the device. */
const KEEP_SENT = 20;

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DB_NAME, 1);
    request.onupgradeneeded = () => {
      const store = request.result.createObjectStore(STORE, { keyPath: 'clientId' });
      store.createIndex('savedAt', 'savedAt');
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('The device storage could not be opened.'));
  });
}

async function withStore<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await openDb();
  try {
    return await new Promise<T>((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const request = work(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(request.result);
      tx.onerror = () => reject(tx.error ?? new Error('The device storage failed.'));
      tx.onabort = () => reject(tx.error ?? new Error('The device storage failed.'));
    });
  } finally {
    db.close();
  }
}

/** Everything on the device, oldest first. */
export async function listQueue(): Promise<QueuedCollection[]> {
  const all = await withStore<QueuedCollection[]>('readonly', (store) => store.index('savedAt').getAll());
  return all;
}

export async function enqueue(model: FieldCollectionModelInput, photos: Blob[]): Promise<QueuedCollection> {
  const entry: QueuedCollection = { clientId: model.clientId, savedAt: Date.now(), model, photos, state: 'waiting' };
  await withStore('readwrite', (store) => store.put(entry));
  notify();
  return entry;
}

async function put(entry: QueuedCollection) {
  await withStore('readwrite', (store) => store.put(entry));
}

async function pruneSent() {
  const sent = (await listQueue()).filter((entry) => entry.state === 'sent');
  for (const old of sent.slice(0, Math.max(0, sent.length - KEEP_SENT)))
    await withStore('readwrite', (store) => store.delete(old.clientId));
}

const listeners = new Set<() => void>();
/** Called whenever the queue changes (the screen re-reads it). */
export function onQueueChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const notify = () => listeners.forEach((listener) => listener());

export type FlushResult = 'done' | 'offline' | 'signedOut' | 'busy';

let flushing: Promise<FlushResult> | null = null;

/** Sends what is waiting, in order; one run at a time (a second call while one runs waits for it). */
export function flushQueue(): Promise<FlushResult> {
  if (flushing) return flushing.then(() => 'busy' as const);
  flushing = runFlush().finally(() => {
    flushing = null;
    notify();
  });
  return flushing;
}

function isNetworkFailure(error: unknown) {
  return !(error instanceof ApiError) || error.status === 0;
}

async function runFlush(): Promise<FlushResult> {
  const waiting = (await listQueue()).filter((entry) => entry.state === 'waiting');
  if (waiting.length === 0) return 'done';
  if (!navigator.onLine) return 'offline';
  const token = getToken();
  if (!token) return 'signedOut';
  // The sign-in is checked again before anything is sent: an expired or revoked session keeps the queue.
  try {
    await callApi(accountEndpoints.userInfo, {}, { handleErrorsSpecifically: true });
  } catch (error) {
    return isNetworkFailure(error) ? 'offline' : 'signedOut';
  }
  for (const entry of waiting) {
    const form = new FormData();
    form.append('model', JSON.stringify(entry.model));
    entry.photos.forEach((photo, i) => form.append(`photo${i + 1}`, photo, `photo${i + 1}.jpg`));
    try {
      await postForm(fieldCollectionEndpoints.collect, {}, form, 'Refused.');
      await put({ ...entry, state: 'sent', sentAt: Date.now(), photos: [] });
    } catch (error) {
      if (isNetworkFailure(error)) return 'offline';
      const status = (error as ApiError).status;
      if (status === 401) return 'signedOut';
      // A server error or a restart: try again later, in the same order.
      if (status !== 400 && status !== 403 && status !== 404) return 'offline';
      const refusal = error as ApiError;
      const problem = Object.values(refusal.modelState ?? {})[0]?.[0] ?? refusal.message ?? `Refused (${status}).`;
      await put({ ...entry, state: 'refused', problem });
    }
    notify();
  }
  await pruneSent();
  return 'done';
}

/** Removes a refused collection from the device (after the user has read why). */
export async function discard(clientId: string): Promise<void> {
  await withStore('readwrite', (store) => store.delete(clientId));
  notify();
}
