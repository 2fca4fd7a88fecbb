// A multipart/form-data body built by hand, so that tests choose every part: the field name, the
// file name and the declared type (which the server must ignore), and the bytes.
export type MultipartPart = { field: string; filename?: string; contentType?: string; bytes: Buffer | string };

export function multipartBody(parts: MultipartPart[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----monpanier${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.field}"${part.filename !== undefined ? `; filename="${part.filename}"` : ''}`;
    const head = [`--${boundary}`, `Content-Disposition: ${disposition}`, ...(part.contentType ? [`Content-Type: ${part.contentType}`] : []), '', ''].join('\r\n');
    chunks.push(Buffer.from(head), Buffer.isBuffer(part.bytes) ? part.bytes : Buffer.from(part.bytes), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** One file in the field the document import reads. */
export const documentUpload = (bytes: Buffer | string, filename = 'liste', contentType = 'application/octet-stream') =>
  multipartBody([{ field: 'file', filename, contentType, bytes }]);
