// The shared document layout read back with a PDF reader: the lab's identity, the certificate number, verification
// address and issue time with its zone, a long table breaking onto new pages under a repeated header, page numbers and
// the metadata; and image screening: damaged or hostile images are left out, never a crash, and the document is made.
import { describe, expect, test } from 'vitest';
import { bombPng, hugePng, png, svgWithScript, truncatedPng } from '../../test/images.ts';
import { readPdf } from '../../test/pdf-reader.ts';
import { dateTimeWithZone, pdfPageCount, renderDocument, screenImage, type DocumentOptions } from './pdf.ts';

const lab = {
  name: 'Tri-County Canine DNA Lab',
  address: '12 Laboratory Way\nKnoxville, TN 37902',
  phone: '(865) 555-0100',
  website: 'https://lab.example.test',
  accreditation: 'ISO/IEC 17025:2017 accredited, certificate 1234.01',
  logo: null,
};
const issuedAt = new Date('2026-11-26T18:30:00Z');
const options = (extra: Partial<DocumentOptions> = {}): DocumentOptions => ({
  title: 'Layout Title',
  subtitle: 'Sub',
  lab,
  issuedAt,
  timeZone: 'America/New_York',
  certificate: { number: 'MC-2026-000042', verifyUrl: 'https://registry.example.test/verify/ABCDEFGHIJKLMNOPQRSTUVWX' },
  footer: 'Footer line',
  ...extra,
});

describe('renderDocument', () => {
  test('lab identity, certificate number, verification address, issue time with zone, table over pages, metadata', async () => {
    const rows = Array.from({ length: 110 }, (_, i) => [`Marker ${i}`, String(100 + i), null]);
    const pdf = await renderDocument(options(), (layout) => {
      layout.keyValues([
        ['Name', 'Rex'],
        ['Missing', null],
      ]);
      layout.table(
        [
          { label: 'Marker', width: 200 },
          { label: 'A', width: 160 },
          { label: 'B', width: 172 },
        ],
        rows,
      );
    });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const read = await readPdf(pdf);
    expect(read.pageCount).toBe(pdfPageCount(pdf));
    expect(read.pageCount).toBe(3);
    expect(read.title).toBe('Layout Title');
    expect(read.author).toBe(lab.name);
    const first = read.pages[0];
    for (const text of [
      lab.name,
      '12 Laboratory Way, Knoxville, TN 37902',
      '(865) 555-0100',
      lab.website,
      lab.accreditation,
    ])
      expect(first).toContain(text);
    expect(first).toContain('Certificate No.: MC-2026-000042');
    expect(first).toContain('Verify at: https://registry.example.test/verify/ABCDEFGHIJKLMNOPQRSTUVWX');
    expect(first).toContain('Issued: November 26, 2026, 1:30 PM EST');
    expect(first).toContain('Name: Rex');
    expect(first).toContain('Missing: -');
    expect(read.text).toContain('Marker 109');
    read.pages.forEach((page, i) => {
      expect(page).toContain(`Page ${i + 1} of 3`);
      expect(page).toContain('Footer line Certificate No. MC-2026-000042');
      // The table's header is repeated on each page it continues on.
      expect(page).toMatch(/^Marker A B$/m);
    });
  });

  test('the time zone is named, in summer too', () => {
    expect(dateTimeWithZone(new Date('2026-07-04T16:05:00Z'), 'America/New_York')).toBe('July 4, 2026, 12:05 PM EDT');
    expect(dateTimeWithZone(new Date('2026-07-04T16:05:00Z'), 'UTC')).toBe('July 4, 2026, 4:05 PM UTC');
  });

  test('a document that is not a certificate has no number or verification address', async () => {
    const read = await readPdf(await renderDocument(options({ certificate: null }), () => undefined));
    expect(read.text).toContain('Printed: November 26, 2026, 1:30 PM EST');
    expect(read.text).not.toContain('Certificate No.');
    expect(read.text).not.toContain('Verify at');
  });

  test('hostile logos and signatures are left out and the document is still made', async () => {
    for (const hostile of [truncatedPng(), svgWithScript(), hugePng(), bombPng(), Buffer.from('GIF89a')]) {
      const pdf = await renderDocument(options({ lab: { ...lab, logo: hostile }, groupLogo: hostile }), (layout) =>
        layout.signatory(
          { name: 'Dr. Iris Vale', title: 'Laboratory Director', signature: hostile, approvedAt: issuedAt },
          'Lab',
        ),
      );
      expect(pdf.toString('latin1')).not.toContain('/Subtype /Image');
      const read = await readPdf(pdf);
      expect(read.text).toContain('Dr. Iris Vale');
      expect(read.text).toContain('Laboratory Director, Approved November 26, 2026, 1:30 PM EST');
    }
    const good = await renderDocument(options({ lab: { ...lab, logo: png(8, 8) } }), () => undefined);
    expect(good.toString('latin1')).toContain('/Subtype /Image');
  });
});

describe('screenImage', () => {
  test('keeps a sound PNG and JPEG; refuses damaged, huge, bombed and other kinds', () => {
    expect(screenImage(png())).not.toBeNull();
    // A JPEG: SOI, a baseline frame header of 16 x 16 with 3 components, EOI.
    const frame = Buffer.from([0xff, 0xc0, 0, 17, 8, 0, 16, 0, 16, 3, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
    expect(screenImage(Buffer.concat([Buffer.from([0xff, 0xd8]), frame, Buffer.from([0xff, 0xd9])]))).not.toBeNull();
    expect(screenImage(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBeNull();
    expect(screenImage(truncatedPng())).toBeNull();
    expect(screenImage(svgWithScript())).toBeNull();
    expect(screenImage(hugePng())).toBeNull();
    expect(screenImage(bombPng())).toBeNull();
    const badCrc = Buffer.from(png());
    badCrc[30] ^= 0xff;
    expect(screenImage(badCrc)).toBeNull();
    expect(screenImage(Buffer.from('GIF89a'))).toBeNull();
    expect(screenImage(null)).toBeNull();
  });
});
