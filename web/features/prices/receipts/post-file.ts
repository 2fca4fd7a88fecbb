// A photo or PDF sent as multipart field `file` (till receipts, shelf labels), with plain fields
// before it (the server reads the fields that come before the file). The JSON client (lib/api.ts)
// sends JSON only; this keeps its habits: the bearer token, ApiError with the server's French
// detail, the session ended on a 401.
import { fr } from '#contract/messages';
import { ApiError } from '../../../lib/api';
import { ensureFreshSession, handleUnauthorized } from '../../../lib/session';

/** The French message of an answer without a usable detail (a proxy's 413, an HTML 502…). */
function fallbackDetail(status: number): string {
  if (status === 413) return fr.lists.fileTooLarge;
  if (status === 0) return typeof navigator !== 'undefined' && navigator.onLine === false ? fr.common.offline : fr.optimiser.network;
  return fr.common.unknownError;
}

export async function postFile<T>(path: string, file: Blob, filename: string, fields: Record<string, string> = {}): Promise<{ status: number; body: T }> {
  const token = await ensureFreshSession();
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', file, filename);
  let response: Response;
  try {
    response = await fetch(`/api${path}`, { method: 'POST', headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: form });
  } catch {
    throw new ApiError(0, fallbackDetail(0), 'NETWORK');
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    if (response.status === 401) handleUnauthorized();
    const { detail, code } = (body ?? {}) as { detail?: unknown; code?: unknown };
    // A 500's detail is never meant for the user.
    const text = typeof detail === 'string' && detail && response.status !== 500 ? detail : fallbackDetail(response.status);
    throw new ApiError(response.status, text, typeof code === 'string' ? code : undefined);
  }
  return { status: response.status, body: body as T };
}
