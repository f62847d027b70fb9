// A small shared layout for the product's PDFs (DNA profile, DNA verification certificate, match certificates): a
// header with the group's logo and a title, key-value blocks, tables, paragraphs and a footer on every page. Built on
// pdfkit; the logo is drawn only when it is a PNG or JPEG (what pdfkit reads), otherwise left out.
import zlib from 'node:zlib';
import type PdfDocument from 'pdfkit';
import { loadPdfKit } from './on-demand-libraries.ts';

export type PdfOptions = {
  title: string;
  author: string;
  /** The footer printed at the bottom of every page ('Page n of m' is added after it). */
  footer?: string | null;
  /** Tests may turn compression off; the text extraction reads both. */
  compress?: boolean;
};

type Doc = InstanceType<typeof PdfDocument>;
const MARGIN = 54;

/**
 * Whether pdfkit can draw the image: a JPEG, or a PNG whose compressed data inflates (pdfkit inflates it later, outside
 * any try, so a damaged PNG would otherwise fail the process rather than this document).
 */
export function isDrawableImage(image: Buffer): boolean {
  if (image.length > 3 && image[0] === 0xff && image[1] === 0xd8) return true;
  if (image.length < 8 || image.readUInt32BE(0) !== 0x89504e47) return false;
  try {
    const data: Buffer[] = [];
    for (let at = 8; at + 8 <= image.length;) {
      const length = image.readUInt32BE(at);
      const type = image.toString('latin1', at + 4, at + 8);
      if (at + 12 + length > image.length) return false;
      if (type === 'IDAT') data.push(image.subarray(at + 8, at + 8 + length));
      if (type === 'IEND') break;
      at += 12 + length;
    }
    return data.length > 0 && zlib.inflateSync(Buffer.concat(data)).length > 0;
  } catch {
    return false;
  }
}

export class PdfLayout {
  readonly doc: Doc;
  constructor(doc: Doc) {
    this.doc = doc;
  }

  /** The title (and an optional subtitle) with the logo at the right, when there is one pdfkit can draw. */
  header(parts: { title: string; subtitle?: string | null; logo?: Buffer | null }): this {
    const { doc } = this;
    const top = doc.y;
    const logoWidth = 120;
    let drewLogo = false;
    if (parts.logo && isDrawableImage(parts.logo)) {
      try {
        doc.image(parts.logo, doc.page.width - MARGIN - logoWidth, top, { fit: [logoWidth, 60], align: 'right' });
        drewLogo = true;
      } catch {
        // A damaged image leaves the header without a logo rather than failing the document.
      }
    }
    const width = doc.page.width - 2 * MARGIN - (drewLogo ? logoWidth + 12 : 0);
    doc.font('Helvetica-Bold').fontSize(18).text(parts.title, MARGIN, top, { width });
    if (parts.subtitle) doc.font('Helvetica').fontSize(10).text(parts.subtitle, { width });
    doc.y = Math.max(doc.y, drewLogo ? top + 64 : doc.y);
    doc.x = MARGIN;
    doc.moveDown();
    return this;
  }

  heading(text: string): this {
    this.doc.font('Helvetica-Bold').fontSize(12).text(text, MARGIN, this.doc.y).moveDown(0.3);
    return this;
  }

  /** Label: value lines (a null value prints as a dash). */
  keyValues(rows: ReadonlyArray<readonly [string, string | number | null | undefined]>): this {
    const { doc } = this;
    for (const [label, value] of rows) {
      doc.font('Helvetica-Bold').fontSize(10).text(`${label}: `, MARGIN, doc.y, { continued: true });
      doc.font('Helvetica').text(value == null || value === '' ? '-' : String(value));
    }
    doc.moveDown();
    return this;
  }

  paragraph(text: string, size = 10): this {
    this.doc.font('Helvetica').fontSize(size).text(text, MARGIN, this.doc.y).moveDown(0.5);
    return this;
  }

  /** A plain grid: a bold header row and one row per entry, equal column widths unless given; breaks pages. */
  table(columns: string[], rows: ReadonlyArray<ReadonlyArray<string | number | null>>, widths?: number[]): this {
    const { doc } = this;
    const total = doc.page.width - 2 * MARGIN;
    const colWidths = widths ?? columns.map(() => total / columns.length);
    const rowHeight = 16;
    const drawRow = (cells: ReadonlyArray<string | number | null>, bold: boolean) => {
      if (doc.y + rowHeight > doc.page.height - MARGIN - 30) doc.addPage();
      const y = doc.y;
      let x = MARGIN;
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
      cells.forEach((cell, i) => {
        doc.text(cell == null ? '-' : String(cell), x + 3, y + 4, { width: colWidths[i] - 6, lineBreak: false });
        x += colWidths[i];
      });
      doc
        .moveTo(MARGIN, y + rowHeight)
        .lineTo(MARGIN + total, y + rowHeight)
        .lineWidth(bold ? 1 : 0.3)
        .stroke();
      doc.x = MARGIN;
      doc.y = y + rowHeight;
    };
    drawRow(columns, true);
    for (const row of rows) drawRow(row, false);
    doc.moveDown();
    return this;
  }

  signature(name: string | null | undefined): this {
    this.doc.moveDown(2).font('Helvetica').fontSize(10).text('______________________________', MARGIN, this.doc.y);
    if (name) this.doc.text(name, MARGIN, this.doc.y);
    return this;
  }
}

/** Draws a document and returns its bytes. */
export async function renderPdf(options: PdfOptions, draw: (layout: PdfLayout) => void): Promise<Buffer> {
  const doc = new (await loadPdfKit())({
    size: 'LETTER',
    margin: MARGIN,
    bufferPages: true,
    compress: options.compress ?? true,
    info: { Title: options.title, Author: options.author },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  draw(new PdfLayout(doc));
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const text = [options.footer, `Page ${i - range.start + 1} of ${range.count}`].filter(Boolean).join('   ');
    doc
      .font('Helvetica')
      .fontSize(8)
      .text(text, MARGIN, doc.page.height - MARGIN + 10, { width: doc.page.width - 2 * MARGIN, lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return done;
}

/** Pages in a PDF produced here (each page object is written once). */
export function pdfPageCount(pdf: Buffer): number {
  return pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g)?.length ?? 0;
}
