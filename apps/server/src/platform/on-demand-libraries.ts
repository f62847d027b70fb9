// The heavy libraries that only some requests need (PDFs, spreadsheets, mail), loaded on first use. Loading them at
// start-up kept some 25 MB of source and code in every server process that never drew a PDF or read a spreadsheet,
// which is most of the export's memory budget (docs/performance.md, "Reports"). Each is loaded once and shared.
import type PdfKit from 'pdfkit';
import type ExcelJs from 'exceljs';
import type * as SheetJs from '@e965/xlsx';
import type NodeMailer from 'nodemailer';

let pdfKit: Promise<typeof PdfKit> | undefined;
let excelJs: Promise<typeof ExcelJs> | undefined;
let sheetJs: Promise<typeof SheetJs> | undefined;
let nodeMailer: Promise<typeof NodeMailer> | undefined;

/** pdfkit's document class. */
export const loadPdfKit = () => (pdfKit ??= import('pdfkit').then((m) => m.default));
/** exceljs, for the streamed XLSX exports. */
export const loadExcelJs = () => (excelJs ??= import('exceljs').then((m) => m.default));
/** SheetJS, for reading uploaded tables. */
export const loadSheetJs = () => (sheetJs ??= import('@e965/xlsx'));
/** nodemailer, for the mail transport. */
export const loadNodeMailer = () => (nodeMailer ??= import('nodemailer').then((m) => m.default));
