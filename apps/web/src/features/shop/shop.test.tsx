// The shop's browser-side rules: the card tokenizer (Luhn, expiry, CVV, the 10 s limit, only the last 8 digits leave),
// the import error list cap, the order cache's hour and sign-out, and the plate files' headers and CSV export.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AncestryMessages, ShopMessages } from '@registry/contracts';
import {
  ORDER_CACHE_KEY,
  cachedOrderList,
  clearOrderCache,
  readOrderCache,
  saveOrderCache,
} from '../../lib/orderCache';
import { IMPORT_COLUMNS, exportFileName, fulfilmentsCsv, rowsToRecords } from '../ancestry/plateFile';
import { invalidCardFields, luhnValid, tokenizeCard, withTokenizationTimeout } from './cardTokenizer';
import { importErrorLines } from './ImportCodesModal';
import { fetchMyOrders } from './shop.api';
import { myOrdersSearch } from './shop.search';

const now = new Date(2026, 10, 23);

describe('card tokenizer', () => {
  it('checks the number with Luhn, the expiry and the CVV, naming each bad field', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(invalidCardFields({ cardNumber: '4242 4242 4242 4242', expiry: '12/29', cvv: '123' }, now)).toBeNull();
    expect(invalidCardFields({ cardNumber: '4242424242424241', expiry: '10/26', cvv: '12' }, now)).toBe(
      ShopMessages.invalidCard('card number, expiry date, CVV'),
    );
    expect(invalidCardFields({ cardNumber: '378282246310005', expiry: '11/2026', cvv: '123' }, now)).toBe(
      ShopMessages.invalidCard('CVV'),
    );
  });

  it('gives a token and the last 8 digits only', async () => {
    const card = await tokenizeCard({ cardNumber: '4242424242424242', expiry: '12/29', cvv: '123' }, now);
    expect(card.lastDigits).toBe('42424242');
    expect(card.cardToken).toMatch(/^mc\.visa\.202912\.[a-z0-9]{16,}$/);
    expect(card.cardToken).not.toContain('4242424242424242');
    await expect(tokenizeCard({ cardNumber: '1234', expiry: '12/29', cvv: '123' }, now)).rejects.toThrow('card number');
  });

  it('times out after the limit with the spec message', async () => {
    vi.useFakeTimers();
    const pending = withTokenizationTimeout(new Promise(() => undefined));
    vi.advanceTimersByTime(10_000);
    await expect(pending).rejects.toThrow(ShopMessages.tokenizationTimeout);
    vi.useRealTimers();
  });
});

describe('import errors', () => {
  it('lists at most 10 rows then the count of the rest', () => {
    const errors = Array.from({ length: 13 }, (_, i) => ({ row: i + 2, error: 'Code is required' }));
    const lines = importErrorLines(errors);
    expect(lines).toHaveLength(11);
    expect(lines[0]).toBe('Row 2: Code is required');
    expect(lines[10]).toBe('... and 3 more errors.');
  });
});

describe('order cache', () => {
  afterEach(() => sessionStorage.clear());
  it('keeps the order for one hour and is cleared on sign-out', () => {
    saveOrderCache(41, true, 1_000);
    expect(readOrderCache(1_000 + 3_599_999)).toMatchObject({ orderId: 41, isPreReg: true });
    expect(readOrderCache(1_000 + 3_600_001)).toBeNull();
    expect(sessionStorage.getItem(ORDER_CACHE_KEY)).toBeNull();
    saveOrderCache(42, false);
    clearOrderCache();
    expect(readOrderCache()).toBeNull();
  });

  it('the orders page reads its list from the cache within the hour; a payment starts it afresh', async () => {
    const page = { data: [], totalRecords: 0 };
    const fetchMock = vi.fn<() => Promise<Response>>(async () => new Response(JSON.stringify(page), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    try {
      await fetchMyOrders(myOrdersSearch.parse({ page: 1, pageSize: 20 }));
      await fetchMyOrders(myOrdersSearch.parse({ page: 1, pageSize: 20 }));
      expect(fetchMock).toHaveBeenCalledTimes(1);
      expect(cachedOrderList('mine:1:20', Date.now() + 3_600_001)).toBeNull();
      saveOrderCache(43, false);
      await fetchMyOrders(myOrdersSearch.parse({ page: 1, pageSize: 20 }));
      expect(fetchMock).toHaveBeenCalledTimes(2);
      clearOrderCache();
      expect(cachedOrderList('mine:1:20')).toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('plate files', () => {
  it('refuses a file without the required columns, naming them', () => {
    expect(() => rowsToRecords([['fulfillmentId', 'tubeCode']], IMPORT_COLUMNS)).toThrow(
      AncestryMessages.invalidHeader(['sampleNumber', 'plateNumber', 'wellLocation']),
    );
    const records = rowsToRecords(
      [
        ['WellLocation', 'TubeCode', 'PlateNumber', 'SampleNumber', 'FulfillmentId'],
        ['A1', 'T1', 'P1', 'DN1', '7'],
        [],
      ],
      IMPORT_COLUMNS,
    );
    expect(records).toEqual([
      { fulfillmentId: '7', sampleNumber: 'DN1', plateNumber: 'P1', tubeCode: 'T1', wellLocation: 'A1' },
    ]);
  });

  it('exports the selected rows as Fulfillments_{timestamp}.csv', () => {
    const csv = fulfilmentsCsv([
      { id: 3, sampleNumber: 'DN1', ancestryPlateNumber: 'P1', ancestryWellLocation: 'A1', ancestryTubeCode: '=T' },
    ]);
    expect(csv).toBe("fulfillmentId,sampleNumber,plateNumber,wellLocation,tubeCode\r\n3,DN1,P1,A1,'=T\r\n");
    expect(exportFileName(new Date('2026-11-23T16:05:09Z'))).toBe('Fulfillments_20261123_160509.csv');
  });
});
