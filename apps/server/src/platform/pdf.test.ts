// The shared PDF layout: real documents read back (text, pages), a long table breaking onto new pages with the footer
// on each, and a damaged logo left out instead of failing the process.
import { describe, expect, test } from 'vitest';
import { pdfText } from '../modules/petowners/pdf-text.ts';
import { isDrawableImage, pdfPageCount, renderPdf } from './pdf.ts';

describe('renderPdf', () => {
  test('header, key values, a table over pages, footer with page numbers', async () => {
    const rows = Array.from({ length: 80 }, (_, i) => [`Marker ${i}`, String(100 + i), null]);
    const pdf = await renderPdf({ title: 'Test', author: 'Lab', footer: 'Footer line', compress: false }, (layout) => {
      layout.header({ title: 'Layout Title', subtitle: 'Sub', logo: Buffer.from('not an image') });
      layout.keyValues([
        ['Name', 'Rex'],
        ['Missing', null],
      ]);
      layout.table(['Marker', 'A', 'B'], rows);
    });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // About 38 rows fit on a letter page under the header: 80 rows take three pages.
    expect(pdfPageCount(pdf)).toBe(3);
    const text = pdfText(pdf);
    expect(text).toContain('Layout Title');
    expect(text).toContain('Rex');
    expect(text).toContain('Marker 79');
    for (const page of [1, 2, 3]) expect(text).toContain(`Footer line   Page ${page} of 3`);
    expect(text).not.toContain('Page 4');
    expect(pdf.toString('latin1')).not.toContain('/Subtype /Image');
  });

  test('a damaged PNG is not drawable; a JPEG signature is', () => {
    const damaged = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(40, 7)]);
    expect(isDrawableImage(damaged)).toBe(false);
    expect(isDrawableImage(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe(true);
    expect(isDrawableImage(Buffer.from('GIF89a'))).toBe(false);
  });
});
