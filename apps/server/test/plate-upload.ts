// Test support: the multipart body of a GeneMapper upload (the `model` JSON part and the `file` part).

/** The body and headers of POST /genemapperfileupload/postnewplate. */
export function plateUpload(content: Buffer | string, model: unknown, fileName = 'plate.txt') {
  const boundary = '----dnaplate';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="model"\r\n\r\n${JSON.stringify(model)}\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: text/plain\r\n\r\n`,
    ),
    Buffer.isBuffer(content) ? content : Buffer.from(content),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
