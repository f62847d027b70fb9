// pdfkit ships no types (and @types/pdfkit is not installed): the small part the server uses.
declare module 'pdfkit' {
  type TextOptions = {
    width?: number;
    align?: 'left' | 'center' | 'right' | 'justify';
    continued?: boolean;
    lineBreak?: boolean;
    ellipsis?: boolean | string;
  };
  class PDFDocument {
    constructor(options?: {
      size?: string;
      margin?: number;
      info?: Record<string, string>;
      compress?: boolean;
      bufferPages?: boolean;
    });
    x: number;
    y: number;
    page: { width: number; height: number; margins: { left: number; right: number; top: number; bottom: number } };
    font(name: string): this;
    registerFont(name: string, source: Buffer | string): this;
    fillColor(color: string): this;
    strokeColor(color: string): this;
    save(): this;
    restore(): this;
    rect(x: number, y: number, width: number, height: number): this;
    fill(): this;
    heightOfString(text: string, options?: TextOptions): number;
    fontSize(size: number): this;
    text(text: string, options?: TextOptions): this;
    text(text: string, x: number, y: number, options?: TextOptions): this;
    moveDown(lines?: number): this;
    image(source: Buffer | string, options?: { fit?: [number, number]; width?: number }): this;
    addPage(): this;
    moveTo(x: number, y: number): this;
    lineTo(x: number, y: number): this;
    stroke(): this;
    lineWidth(width: number): this;
    image(
      src: Buffer,
      x: number,
      y: number,
      options?: {
        fit?: [number, number];
        align?: 'left' | 'center' | 'right';
        valign?: 'top' | 'center' | 'bottom';
      },
    ): this;
    bufferedPageRange(): { start: number; count: number };
    switchToPage(n: number): this;
    on(event: 'data', listener: (chunk: Buffer) => void): this;
    on(event: 'end', listener: () => void): this;
    on(event: 'error', listener: (error: Error) => void): this;
    end(): void;
  }
  export default PDFDocument;
}
