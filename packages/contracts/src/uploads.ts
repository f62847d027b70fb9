// The uploads' limits and accepted kinds, declared once: the endpoint declarations carry them (the server's route helper
// enforces them, the OpenAPI document shows them) and the web checks the same numbers before sending.
import type { Upload } from './endpoint.ts';
import { Messages } from './messages.ts';

/** The image kinds an image upload may be, told by the file's bytes. */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
/** What the documents (pdfkit) draw: PNG and JPEG only. */
export const DOCUMENT_IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;

/** Logos (groups, the lab) and signatures: up to 2,000,000 bytes. */
export const LOGO_MAX_BYTES = 2_000_000;
/** Pet and pre-registered dog photos: under 4,000,000 bytes. */
export const PHOTO_MAX_BYTES = 4_000_000;
export const PHOTO_TOO_LARGE = 'File must be under 4mb.';
/** A GeneMapper plate file. */
export const PLATE_FILE_MAX_BYTES = 20 * 1024 * 1024;
/** A table of codes: 5 MB is far more than any code list. */
export const TABLE_FILE_MAX_BYTES = 5_000_000;
export const TABLE_FILE_TYPES = [
  'text/csv',
  'text/plain',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.oasis.opendocument.spreadsheet',
] as const;

export const uploads = {
  logo: {
    files: ['file'],
    maxFileBytes: LOGO_MAX_BYTES,
    tooLarge: Messages.logoTooLarge,
    contentTypes: IMAGE_TYPES,
    notAccepted: Messages.logoNotImage,
  },
  documentImage: {
    files: ['file'],
    maxFileBytes: LOGO_MAX_BYTES,
    tooLarge: Messages.logoTooLarge,
    contentTypes: DOCUMENT_IMAGE_TYPES,
    notAccepted: Messages.logoNotImage,
  },
  petPhoto: {
    files: ['file'],
    maxFileBytes: PHOTO_MAX_BYTES - 1,
    tooLarge: PHOTO_TOO_LARGE,
    contentTypes: IMAGE_TYPES,
    notAccepted: Messages.logoNotImage,
  },
  dogPhoto: {
    files: ['file'],
    maxFileBytes: PHOTO_MAX_BYTES - 1,
    tooLarge: PHOTO_TOO_LARGE,
    contentTypes: IMAGE_TYPES,
    notAccepted: Messages.imageTypeNotAccepted,
  },
  /** Field collection photos (issue 40): one to three, JPEG or PNG (what phones take and the certificate draws). */
  collectionPhotos: {
    files: ['photo1'],
    optionalFiles: ['photo2', 'photo3'],
    maxFileBytes: PHOTO_MAX_BYTES - 1,
    tooLarge: PHOTO_TOO_LARGE,
    contentTypes: DOCUMENT_IMAGE_TYPES,
    notAccepted: Messages.imageTypeNotAccepted,
  },
  /** A dispute's optional photo (issue 41): JPEG or PNG, decoded and kept as a resized copy. */
  disputePhoto: {
    files: [],
    optionalFiles: ['photo'],
    maxFileBytes: PHOTO_MAX_BYTES - 1,
    tooLarge: PHOTO_TOO_LARGE,
    contentTypes: DOCUMENT_IMAGE_TYPES,
    notAccepted: Messages.imageTypeNotAccepted,
  },
  plateFile: {
    files: ['file'],
    maxFileBytes: PLATE_FILE_MAX_BYTES,
    tooLarge: 'The file is over 20 MB.',
    contentTypes: ['text/plain'],
  },
  tableFile: {
    files: ['file'],
    maxFileBytes: TABLE_FILE_MAX_BYTES,
    tooLarge: 'The file is too large.',
    contentTypes: TABLE_FILE_TYPES,
  },
} satisfies Record<string, Upload>;
