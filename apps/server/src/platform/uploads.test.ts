// Type detection from file signatures: the accepted image kinds, and what must never pass as one.
import { describe, expect, test } from 'vitest';
import { IMAGE_TYPES, Messages } from '@registry/contracts';
import { HttpError } from './errors.ts';
import { acceptedUploadType, detectFileType } from './uploads.ts';

const hex = (text: string) => Buffer.from(text, 'hex');

describe('detectFileType', () => {
  test.each([
    ['image/png', hex('89504e470d0a1a0a0000000d49484452')],
    ['image/jpeg', hex('ffd8ffe000104a464946')],
    ['image/gif', Buffer.from('GIF87a....')],
    ['image/gif', Buffer.from('GIF89a')],
    ['image/webp', Buffer.concat([Buffer.from('RIFF'), hex('24000000'), Buffer.from('WEBPVP8 ')])],
    ['application/pdf', Buffer.from('%PDF-1.7\n')],
  ])('%s', (type, content) => expect(detectFileType(content)).toBe(type));

  test.each([
    ['SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['SVG with an XML prolog', Buffer.from('<?xml version="1.0"?><svg/>')],
    ['HTML', Buffer.from('<!doctype html><script>alert(1)</script>')],
    ['a RIFF that is not WebP (WAV)', Buffer.concat([Buffer.from('RIFF'), hex('24000000'), Buffer.from('WAVEfmt ')])],
    ['a truncated PNG signature', hex('89504e47')],
    ['nothing', Buffer.alloc(0)],
  ])('%s is not recognised', (_name, content) => expect(detectFileType(content)).toBeNull());
});

describe('acceptedUploadType', () => {
  const refusal = (file: { content: Buffer; mimetype: string }) => {
    try {
      acceptedUploadType(file, IMAGE_TYPES, Messages.logoNotImage);
    } catch (error) {
      return error as HttpError;
    }
    throw new Error('accepted');
  };

  test('answers the detected type, not the declared one', () => {
    expect(
      acceptedUploadType({ content: Buffer.from('GIF89a'), mimetype: 'image/png' }, IMAGE_TYPES, Messages.logoNotImage),
    ).toBe('image/gif');
  });

  test('an image of another kind is told the accepted kinds; other files get the given message; both 400', () => {
    expect(refusal({ content: Buffer.from('<svg/>'), mimetype: 'image/svg+xml' }).body.message).toBe(
      Messages.imageTypeNotAccepted,
    );
    expect(refusal({ content: Buffer.from('%PDF-1.7'), mimetype: 'application/pdf' }).body.message).toBe(
      Messages.logoNotImage,
    );
    const text = refusal({ content: Buffer.from('hello'), mimetype: 'text/plain' });
    expect(text.statusCode).toBe(400);
    expect(text.body).toEqual({
      message: Messages.logoNotImage,
      exceptionMessage: Messages.logoNotImage,
      modelState: { file: [Messages.logoNotImage] },
    });
  });
});
