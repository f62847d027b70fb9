// The one layout of every document the product prints (match certificate, DNA profile, DNA verification certificate,
// proof of parentage, dog registration agreement, pre-registration flyer): the lab's identity and logo, the group's
// logo, the title, the certificate number with its QR code and verification address, the issue time with its zone,
// key-value blocks, aligned tables, the signatory, and a footer with page numbers; title and author in the metadata.
// Built on pdfkit with DejaVu Sans Condensed embedded (subset; selectable, extractable text with θ, × and superscript
// digits, which the built-in Helvetica cannot print); black on white with grey rules and light grey bands only, so it
// reads the same printed in grey. Every image is screened first (pdf-images.ts).
import fs from 'node:fs';
import type PdfDocument from 'pdfkit';
import QRCode from 'qrcode';
import { loadPdfKit } from './on-demand-libraries.ts';
import { screenImage } from './pdf-images.ts';

export { screenImage } from './pdf-images.ts';

type Doc = InstanceType<typeof PdfDocument>;
const BODY = 'DejaVuSansCondensed';
const BOLD = 'DejaVuSansCondensed-Bold';
let fonts: Record<string, Buffer> | undefined;
const fontFiles = () =>
  (fonts ??= Object.fromEntries(
    [BODY, BOLD].map((name) => [name, fs.readFileSync(new URL(`./fonts/${name}.ttf`, import.meta.url))]),
  ));
const MARGIN = 40;
const PAGE_WIDTH = 612;
const CONTENT = PAGE_WIDTH - 2 * MARGIN;
const GREY = '#555555';
const RULE = '#999999';
const BAND = '#e6e6e6';

/** Who issues the document, from the lab settings. */
export type LabIdentity = {
  name: string;
  address: string | null;
  phone: string | null;
  website: string | null;
  accreditation: string | null;
  logo: Buffer | null;
};

/** The approving analyst who signs a certificate. */
export type Signatory = { name: string; title: string | null; signature: Buffer | null; approvedAt: Date | null };

export type DocumentOptions = {
  /** The heading and the PDF's Title. */
  title: string;
  subtitle?: string | null;
  lab: LabIdentity;
  /** The group's logo where its certificate customization shows one. */
  groupLogo?: Buffer | null;
  /** Certificates carry their number and verification address (with a QR code); other documents do not. */
  certificate?: { number: string; verifyUrl: string } | null;
  issuedAt: Date;
  timeZone: string;
  /** Printed above the page numbers on every page (the group's certificate footer text, for instance). */
  footer?: string | null;
  /** Tests may turn compression off. */
  compress?: boolean;
};

/** "November 26, 2026, 1:24 PM EST": the lab's time zone, named. */
export function dateTimeWithZone(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone,
    dateStyle: 'long',
    timeStyle: 'short',
  })
    .format(date)
    .replace(' at ', ', ')
    .concat(
      ' ',
      new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' })
        .formatToParts(date)
        .find((part) => part.type === 'timeZoneName')?.value ?? timeZone,
    );
}

/** "November 26, 2026" in the lab's zone. */
export const dateInWords = (date: Date, timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone, dateStyle: 'long' }).format(date);

type KeyValue = readonly [string, string | number | null | undefined];

export type Column = { label: string; width: number; align?: 'left' | 'center' | 'right' };

export class PdfLayout {
  readonly doc: Doc;
  readonly options: DocumentOptions;
  constructor(doc: Doc, options: DocumentOptions) {
    this.doc = doc;
    this.options = options;
  }

  private image(image: Buffer | null | undefined, x: number, y: number, fit: [number, number]): boolean {
    const screened = screenImage(image);
    if (!screened) return false;
    try {
      this.doc.image(screened, x, y, { fit, align: 'left', valign: 'top' });
      return true;
    } catch {
      // Screened, yet pdfkit refused it: the document goes out without the image.
      return false;
    }
  }

  /** The lab's identity band, the title, and (for a certificate) its number, issue time and QR code. */
  frame(): this {
    const { doc, options } = this;
    const { lab } = options;
    const top = MARGIN;
    const labLogo = this.image(lab.logo, MARGIN, top, [64, 48]);
    const textLeft = MARGIN + (labLogo ? 74 : 0);
    const groupLogo = this.image(options.groupLogo, PAGE_WIDTH - MARGIN - 110, top, [110, 48]);
    const textWidth = PAGE_WIDTH - MARGIN - textLeft - (groupLogo ? 120 : 0);
    doc.fillColor('black').font(BOLD).fontSize(13).text(lab.name, textLeft, top, { width: textWidth });
    doc.font(BODY).fontSize(8.5).fillColor(GREY);
    const contact = [lab.address?.replace(/\s*\n\s*/g, ', '), [lab.phone, lab.website].filter(Boolean).join('  |  ')];
    for (const line of contact.filter(Boolean)) doc.text(line!, textLeft, doc.y, { width: textWidth });
    if (lab.accreditation) doc.font(BODY).text(lab.accreditation, textLeft, doc.y, { width: textWidth });
    const bandBottom = Math.max(doc.y, top + (labLogo || groupLogo ? 50 : 0)) + 6;
    doc
      .moveTo(MARGIN, bandBottom)
      .lineTo(PAGE_WIDTH - MARGIN, bandBottom)
      .lineWidth(1)
      .strokeColor(RULE)
      .stroke();

    const titleTop = bandBottom + 10;
    const qrSide = options.certificate ? 74 : 0;
    const titleWidth = CONTENT - (qrSide ? qrSide + 12 : 0);
    doc.fillColor('black').font(BOLD).fontSize(17).text(options.title, MARGIN, titleTop, { width: titleWidth });
    if (options.subtitle)
      doc
        .font(BODY)
        .fontSize(10)
        .text(options.subtitle, MARGIN, doc.y + 2, { width: titleWidth });
    doc.moveDown(0.4);
    const issued = dateTimeWithZone(options.issuedAt, options.timeZone);
    const facts: [string, string][] = options.certificate
      ? [
          ['Certificate No.', options.certificate.number],
          ['Issued', issued],
          ['Verify at', options.certificate.verifyUrl],
        ]
      : [['Printed', issued]];
    for (const [label, value] of facts) {
      doc.font(BOLD).fontSize(8.5).fillColor(GREY).text(`${label}: `, MARGIN, doc.y, {
        continued: true,
        width: titleWidth,
      });
      doc.font(BODY).fillColor('black').text(value);
    }
    if (options.certificate) {
      this.qr(options.certificate.verifyUrl, PAGE_WIDTH - MARGIN - qrSide, titleTop, qrSide);
      doc
        .font(BODY)
        .fontSize(6.5)
        .fillColor(GREY)
        .text('Scan to verify', PAGE_WIDTH - MARGIN - qrSide, titleTop + qrSide + 2, {
          width: qrSide,
          align: 'center',
        });
    }
    doc.fillColor('black');
    doc.x = MARGIN;
    doc.y = Math.max(doc.y, titleTop + qrSide + 12) + 6;
    return this;
  }

  /** A QR code drawn as vector strokes (each run of dark modules in a row, one cell thick), so it prints sharp. */
  qr(text: string, left: number, top: number, side: number): this {
    const { doc } = this;
    const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
    const size = qr.modules.size;
    const cell = side / size;
    doc.save().lineWidth(cell).strokeColor('black');
    for (let row = 0; row < size; row++) {
      for (let column = 0; column < size;) {
        if (!qr.modules.get(row, column)) {
          column++;
          continue;
        }
        const start = column;
        while (column < size && qr.modules.get(row, column)) column++;
        const y = top + row * cell + cell / 2;
        doc.moveTo(left + start * cell, y).lineTo(left + column * cell, y);
      }
    }
    doc.stroke().restore();
    return this;
  }

  /** The lowest y content may reach: the footer sits in the bottom margin. */
  private bottom(): number {
    return this.doc.page.height - MARGIN - 2;
  }

  heading(text: string): this {
    const { doc } = this;
    doc.moveDown(0.3).fillColor('black').font(BOLD).fontSize(11).text(text, MARGIN, doc.y);
    doc.moveDown(0.2);
    return this;
  }

  /** Label: value pairs, in two columns when asked (a null value prints as a dash), within `span` points. */
  keyValues(rows: ReadonlyArray<KeyValue>, columns: 1 | 2 = 1, span = CONTENT): this {
    const { doc } = this;
    const width = columns === 2 ? CONTENT / 2 - 8 : span;
    const put = (label: string, value: string | number | null | undefined, x: number, y: number) => {
      doc.font(BOLD).fontSize(9).fillColor(GREY).text(`${label}: `, x, y, { width, continued: true });
      doc
        .font(BODY)
        .fillColor('black')
        .text(value == null || value === '' ? '-' : String(value));
      return doc.y;
    };
    for (let i = 0; i < rows.length; i += columns) {
      const y = doc.y;
      let bottom = put(rows[i][0], rows[i][1], MARGIN, y);
      if (columns === 2 && rows[i + 1])
        bottom = Math.max(bottom, put(rows[i + 1][0], rows[i + 1][1], MARGIN + CONTENT / 2, y));
      doc.y = bottom + 1;
    }
    doc.x = MARGIN;
    doc.moveDown(0.3);
    return this;
  }

  /** Label: value pairs beside a picture at the right (a photo thumbnail), kept on one page; no picture: the pairs. */
  keyValuesBeside(rows: ReadonlyArray<KeyValue>, picture: Buffer | null, fit: [number, number] = [140, 105]): this {
    const { doc } = this;
    if (doc.y + Math.max(fit[1], rows.length * 13) > this.bottom()) doc.addPage();
    const top = doc.y;
    const drew = this.image(picture, PAGE_WIDTH - MARGIN - fit[0], top, fit);
    this.keyValues(rows, 1, drew ? CONTENT - fit[0] - 12 : CONTENT);
    if (drew) doc.y = Math.max(doc.y, top + fit[1] + 6);
    return this;
  }

  paragraph(text: string, options: { size?: number; bold?: boolean; align?: 'left' | 'center' } = {}): this {
    const { doc } = this;
    doc
      .fillColor('black')
      .font(options.bold ? BOLD : BODY)
      .fontSize(options.size ?? 9.5)
      .text(text, MARGIN, doc.y, { width: CONTENT, align: options.align ?? 'left' });
    doc.moveDown(0.3);
    return this;
  }

  /** A statement in a ruled box: the sentence the document certifies. */
  statement(text: string): this {
    const { doc } = this;
    const top = doc.y + 2;
    doc.font(BOLD).fontSize(10.5);
    const height = doc.heightOfString(text, { width: CONTENT - 16 });
    doc
      .rect(MARGIN, top, CONTENT, height + 12)
      .lineWidth(1.2)
      .strokeColor('black')
      .stroke();
    doc.fillColor('black').text(text, MARGIN + 8, top + 6, { width: CONTENT - 16 });
    doc.x = MARGIN;
    doc.y = top + height + 18;
    return this;
  }

  /** An aligned grid: a banded header row, thin rules between rows; breaks onto a new page and repeats the header. */
  table(columns: Column[], rows: ReadonlyArray<ReadonlyArray<string | number | null>>, rowHeight = 13): this {
    const { doc } = this;
    const total = columns.reduce((sum, c) => sum + c.width, 0);
    const scale = total > CONTENT ? CONTENT / total : 1;
    const widths = columns.map((c) => c.width * scale);
    const drawRow = (cells: ReadonlyArray<string | number | null>, header: boolean) => {
      const y = doc.y;
      if (header)
        doc
          .rect(MARGIN, y, total * scale, rowHeight)
          .fillColor(BAND)
          .fill();
      let x = MARGIN;
      doc
        .fillColor('black')
        .font(header ? BOLD : BODY)
        .fontSize(8.5);
      cells.forEach((cell, i) => {
        doc.text(cell == null || cell === '' ? '-' : String(cell), x + 4, y + (rowHeight - 8.5) / 2 + 0.5, {
          width: widths[i] - 8,
          align: columns[i].align ?? 'left',
          lineBreak: false,
          ellipsis: true,
        });
        x += widths[i];
      });
      doc
        .moveTo(MARGIN, y + rowHeight)
        .lineTo(MARGIN + total * scale, y + rowHeight)
        .lineWidth(header ? 0.8 : 0.3)
        .strokeColor(header ? 'black' : RULE)
        .stroke();
      doc.x = MARGIN;
      doc.y = y + rowHeight;
    };
    const labels = columns.map((c) => c.label);
    drawRow(labels, true);
    for (const row of rows) {
      if (doc.y + rowHeight > this.bottom()) {
        doc.addPage();
        drawRow(labels, true);
      }
      drawRow(row, false);
    }
    doc.moveDown(0.5);
    return this;
  }

  /** The approving analyst: signature image (when screened), line, name, title and approval date. */
  signatory(signatory: Signatory | null, fallback: string): this {
    const { doc, options } = this;
    if (doc.y + 64 > this.bottom()) doc.addPage();
    doc.moveDown(0.3);
    const top = doc.y;
    const drew = this.image(signatory?.signature, MARGIN, top, [160, 30]);
    const lineY = top + (drew ? 32 : 24);
    doc
      .moveTo(MARGIN, lineY)
      .lineTo(MARGIN + 220, lineY)
      .lineWidth(0.6)
      .strokeColor('black')
      .stroke();
    doc
      .fillColor('black')
      .font(BOLD)
      .fontSize(9.5)
      .text(signatory?.name ?? fallback, MARGIN, lineY + 3);
    const details = [
      signatory?.title,
      signatory?.approvedAt ? `Approved ${dateTimeWithZone(signatory.approvedAt, options.timeZone)}` : null,
    ].filter(Boolean);
    if (details.length) doc.font(BODY).fontSize(8.5).text(details.join(', '), MARGIN, doc.y);
    doc.moveDown(0.3);
    return this;
  }
}

/** Draws a document in the shared layout and returns its bytes. */
export async function renderDocument(options: DocumentOptions, draw: (layout: PdfLayout) => void): Promise<Buffer> {
  const doc = new (await loadPdfKit())({
    size: 'LETTER',
    margin: MARGIN,
    bufferPages: true,
    compress: options.compress ?? true,
    info: { Title: options.title, Author: options.lab.name, Subject: options.certificate?.number ?? options.title },
  });
  for (const [name, file] of Object.entries(fontFiles())) doc.registerFont(name, file);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const layout = new PdfLayout(doc, options);
  layout.frame();
  draw(layout);
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = doc.page.height - MARGIN + 4;
    doc
      .moveTo(MARGIN, y - 4)
      .lineTo(PAGE_WIDTH - MARGIN, y - 4)
      .lineWidth(0.4)
      .strokeColor(RULE)
      .stroke();
    const left = [options.footer, options.certificate ? `Certificate No. ${options.certificate.number}` : null]
      .filter(Boolean)
      .join('   ');
    doc.font(BODY).fontSize(7.5).fillColor(GREY);
    if (left) doc.text(left, MARGIN, y, { width: CONTENT - 80, lineBreak: false, ellipsis: true });
    doc.text(`Page ${i - range.start + 1} of ${range.count}`, PAGE_WIDTH - MARGIN - 80, y, {
      width: 80,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return done;
}

/** Pages in a PDF produced here (each page object is written once). */
export function pdfPageCount(pdf: Buffer): number {
  return pdf.toString('latin1').match(/\/Type \/Page\b(?!s)/g)?.length ?? 0;
}
