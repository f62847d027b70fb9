// What every files store offers (files.ts builds one from the configuration; the folder and S3 stores implement it).
/**
 * One place for uploaded files. Names are the store's own (32 hex digits and an extension that fixes the content type);
 * read and delete treat any other name as absent, so a caller's string never becomes a path or an object key.
 */
export interface FilesStore {
  /** Where files go, for the start-up message: a folder, or a bucket at an endpoint (never the keys). */
  readonly description: string;
  /** Stores the content under a new name and answers the name. */
  put(content: Buffer, contentType: string): Promise<string>;
  /** The content of a stored file, or null when there is none by that name. */
  read(name: string): Promise<Buffer | null>;
  /** Removes a stored file; a missing file is not an error. */
  delete(name: string): Promise<void>;
  /** Proves at start-up that the store is usable, so a wrong setting stops the server instead of the first upload. */
  check(): Promise<void>;
}
