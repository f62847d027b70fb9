// Reads a PDF as a person's PDF viewer does, with pdfjs-dist (an npm library, so the tests need no system package): the
// text of each page in reading order (items on one line joined, lines by '\n'), the page count and the metadata.
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export type ReadPdf = { text: string; pages: string[]; pageCount: number; title: string; author: string };

export async function readPdf(pdf: Buffer | Uint8Array): Promise<ReadPdf> {
  const task = getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, verbosity: 0 });
  const document = await task.promise;
  try {
    const pages: string[] = [];
    for (let n = 1; n <= document.numPages; n++) {
      const page = await document.getPage(n);
      const content = await page.getTextContent();
      const lines: string[] = [];
      let line = '';
      let lastY: number | null = null;
      for (const item of content.items) {
        if (!('str' in item)) continue;
        const y = Math.round(item.transform[5]);
        if (lastY !== null && Math.abs(y - lastY) > 2) {
          lines.push(line);
          line = '';
        }
        line += item.str;
        if (item.hasEOL) {
          lines.push(line);
          line = '';
          lastY = null;
          continue;
        }
        lastY = y;
      }
      if (line) lines.push(line);
      pages.push(
        lines
          .map((l) => l.replace(/\s+/g, ' ').trim())
          .filter(Boolean)
          .join('\n'),
      );
    }
    const { info } = (await document.getMetadata()) as { info: { Title?: string; Author?: string } };
    return {
      text: pages.join('\n'),
      pages,
      pageCount: document.numPages,
      title: info.Title ?? '',
      author: info.Author ?? '',
    };
  } finally {
    await task.destroy();
  }
}

/** Just the text of every page. */
export const pdfText = async (pdf: Buffer | Uint8Array) => (await readPdf(pdf)).text;
