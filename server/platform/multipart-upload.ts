// One file sent as multipart field `file` (list imports, till receipts, shelf tags): its bytes, its
// name, and the plain fields sent before it. The multipart plugin's own errors (a file over the
// route's limit: 413, too many parts) keep their answers; a missing or empty file is a French 400;
// a body the parser cannot read (no boundary, garbage) is UPLOAD_MALFORMED.
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';

export type Uploaded = { bytes: Buffer; filename: string | null; fields: Record<string, string> };

export async function readFileUpload(request: FastifyRequest): Promise<Uploaded> {
  try {
    const part = await request.file();
    if (!part || part.fieldname !== 'file') throw new AppError('DOCUMENT_REQUIRED');
    const bytes = await part.toBuffer();
    if (bytes.length === 0) throw new AppError('DOCUMENT_REQUIRED');
    const fields: Record<string, string> = {};
    for (const [name, field] of Object.entries(part.fields)) {
      const value = Array.isArray(field) ? field[0] : field;
      if (value && value.type === 'field' && typeof value.value === 'string') fields[name] = value.value;
    }
    return { bytes, filename: part.filename || null, fields };
  } catch (error) {
    if (error instanceof AppError || (error as { code?: string }).code?.startsWith('FST_')) throw error;
    throw new AppError('UPLOAD_MALFORMED');
  }
}
