// The export machine: CSV quoting and formula neutralising, a real XLSX read back with exceljs (typed cells, header,
// widths) holding the same rows as the CSV, keyset batching, and a large export whose memory stays flat.
import { PassThrough, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { runningExports } from './export-heap.ts';
import { arrayBatches, csvCell, csvChunks, keysetBatches, writeXlsx, type ExportColumn } from './exports.ts';

type Row = { id: number; name: string; created: Date; count: number; active: boolean };
const columns: ExportColumn<Row>[] = [
  { header: 'Id', type: 'integer', value: (r) => r.id },
  { header: 'Name', value: (r) => r.name },
  { header: 'Date Created', type: 'date', value: (r) => r.created },
  { header: 'Count', type: 'number', value: (r) => r.count },
  { header: 'Active', type: 'boolean', value: (r) => r.active },
];
const rows: Row[] = [
  { id: 1, name: 'Rex, "the dog"', created: new Date('2026-03-04T10:00:00Z'), count: 2.5, active: true },
  { id: 2, name: '=HYPERLINK("x")', created: new Date('2026-11-23T00:00:00Z'), count: 0, active: false },
  { id: 3, name: 'Línea\nnueva', created: new Date('2026-01-01T00:00:00Z'), count: 12, active: true },
];

async function collect(chunks: AsyncIterable<string>) {
  let text = '';
  for await (const chunk of chunks) text += chunk;
  return text;
}

describe('CSV', () => {
  it('quotes separators, doubles quotes and neutralises formulas', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('@cmd')).toBe("'@cmd");
    expect(csvCell('\t=cmd')).toBe("'\t=cmd");
    expect(csvCell('\r=cmd')).toBe(`"'\r=cmd"`);
    expect(csvCell(-3, 'number')).toBe('-3');
    expect(csvCell(null)).toBe('');
    expect(csvCell(new Date('2026-03-04T10:00:00Z'), 'date')).toBe('3/4/2026');
    expect(csvCell('0001-01-01T00:00:00Z', 'date')).toBe('');
  });

  it("writes dates as the lab's days (its time zone, never UTC); a yyyy-mm-dd day as written", () => {
    // 02:30 UTC on the 27th is 9:30 PM on the 26th in New York, the default lab zone.
    expect(csvCell(new Date('2026-11-27T02:30:00Z'), 'date')).toBe('11/26/2026');
    expect(csvCell(new Date('2026-11-27T02:30:00Z'), 'date', 'UTC')).toBe('11/27/2026');
    expect(csvCell('2026-11-27', 'date')).toBe('11/27/2026');
    expect(csvCell(new Date('2026-11-27T02:30:00Z'), 'datetime')).toBe('11/26/2026 21:30:00 EST');
  });

  it('writes a header row and one line per row', async () => {
    const text = await collect(csvChunks({ columns, batches: arrayBatches(rows, 2) }));
    expect(text.startsWith('\uFEFFId,Name,Date Created,Count,Active\r\n')).toBe(true);
    expect(text).toContain('1,"Rex, ""the dog""",3/4/2026,2.5,Yes\r\n');
    // Midnight UTC is the evening before in the lab's zone.
    expect(text).toContain(`2,"'=HYPERLINK(""x"")",11/22/2026,0,No\r\n`);
    expect(text).toContain('3,"Línea\nnueva",12/31/2025,12,Yes\r\n');
  });
});

describe('keyset batches', () => {
  it('asks for the rows after the last key until a short batch', async () => {
    const calls: (number | null)[] = [];
    const all = Array.from({ length: 25 }, (_, i) => i + 1);
    const fetch = async (after: number | null, limit: number) => {
      calls.push(after);
      return all.filter((n) => n > (after ?? 0)).slice(0, limit);
    };
    const seen: number[] = [];
    for await (const batch of keysetBatches(fetch, (n) => n, 10)) seen.push(...batch);
    expect(seen).toEqual(all);
    expect(calls).toEqual([null, 10, 20]);
  });
});

describe('XLSX', () => {
  it('is a real spreadsheet: typed cells, bold header, widths, the same rows as the CSV', async () => {
    const output = new PassThrough();
    const parts: Buffer[] = [];
    output.on('data', (b: Buffer) => parts.push(b));
    const done = new Promise((resolve) => output.on('end', resolve));
    await writeXlsx({ fileName: 'x', sheetName: 'TD Audit', columns, batches: arrayBatches(rows, 2) }, output);
    await done;
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.concat(parts) as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('TD Audit')!;
    expect(sheet.rowCount).toBe(4);
    expect(sheet.getRow(1).values).toEqual([undefined, 'Id', 'Name', 'Date Created', 'Count', 'Active']);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.getCell('A2').value).toBe(1);
    expect(sheet.getCell('B2').value).toBe('Rex, "the dog"');
    // The cell holds the lab's wall clock (10:00 UTC is 05:00 in New York): a spreadsheet's dates have no zone.
    expect((sheet.getCell('C2').value as Date).toISOString()).toBe('2026-03-04T05:00:00.000Z');
    expect(sheet.getCell('C2').numFmt).toBe('m/d/yyyy');
    expect(sheet.getCell('D2').value).toBe(2.5);
    expect(sheet.getCell('E3').value).toBe(false);
    expect(sheet.getCell('B3').value).toBe('=HYPERLINK("x")');
    expect(sheet.getColumn(3).width).toBe(14);
    // The CSV of the same export holds the same cells row for row.
    const csv = await collect(csvChunks({ columns, batches: arrayBatches(rows) }));
    const csvIds = csv
      .split('\r\n')
      .slice(1, -1)
      .filter((l) => /^\d/.test(l))
      .map((l) => Number(l.split(',')[0]));
    expect(csvIds).toEqual([1, 2, 3]);
  });
});

describe('a large export', () => {
  /** Rows made on demand; `pulled` counts the batches the exporter asked for. */
  const source = (total: number, batch: number) => {
    const state = { pulled: 0 };
    const batches = (async function* () {
      for (let start = 0; start < total; start += batch) {
        state.pulled++;
        yield Array.from({ length: Math.min(batch, total - start) }, (_, i) => ({
          id: start + i + 1,
          name: `Pet number ${start + i + 1} with a longer name to weigh something`,
          created: new Date(Date.UTC(2026, 0, 1) + (start + i) * 1000),
          count: (start + i) % 97,
          active: (start + i) % 2 === 0,
        }));
      }
    })();
    return { state, batches };
  };

  /** A reader that stops reading until released: the exporter must stop pulling rows meanwhile. */
  const stalledSink = () => {
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let bytes = 0;
    let lines = 0;
    let heapPeak = 0;
    const sink = new Writable({
      highWaterMark: 64 * 1024,
      write(chunk: Buffer, _enc, callback) {
        bytes += chunk.length;
        for (const b of chunk) if (b === 10) lines++;
        heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
        void released.then(() => setImmediate(callback));
      },
    });
    return { sink, release, stats: () => ({ bytes, lines, heapPeak }) };
  };
  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('streams 300,000 CSV rows and stops reading rows while the client is not reading', async () => {
    const { state, batches } = source(300_000, 1000);
    const { sink, release, stats } = stalledSink();
    const piped = pipeline(Readable.from(csvChunks({ columns, batches })), sink);
    await wait(500);
    // Stalled: only the few batches that fill the stream buffers were read, not the 300.
    expect(state.pulled).toBeLessThan(10);
    // The export's small heap-growing factor holds while it streams, and only then.
    expect(runningExports()).toBe(1);
    release();
    await piped;
    expect(runningExports()).toBe(0);
    expect(state.pulled).toBe(300);
    expect(stats().lines).toBe(300_001);
    expect(stats().bytes).toBeGreaterThan(300_000 * 60);
  });

  it('streams 100,000 XLSX rows, holding back while the client is not reading', async () => {
    const { state, batches } = source(100_000, 1000);
    const { sink, release, stats } = stalledSink();
    const output = new PassThrough({ highWaterMark: 64 * 1024 });
    const piped = pipeline(output, sink);
    const written = writeXlsx({ fileName: 'big', columns, batches }, output);
    await wait(1500);
    expect(state.pulled).toBeLessThan(30);
    release();
    await written;
    await piped;
    expect(state.pulled).toBe(100);
    expect(stats().bytes).toBeGreaterThan(1_000_000);
  }, 120_000);

  it('ends the export heap factor when the client goes away mid-download', async () => {
    const { state, batches } = source(300_000, 1000);
    const { sink } = stalledSink();
    const stream = Readable.from(csvChunks({ columns, batches }));
    const piped = pipeline(stream, sink).catch((error: unknown) => error);
    await wait(300);
    expect(runningExports()).toBe(1);
    stream.destroy(new Error('client gone'));
    expect(await piped).toBeInstanceOf(Error);
    await wait(50);
    expect(state.pulled).toBeLessThan(300);
    expect(runningExports()).toBe(0);
  });
});
