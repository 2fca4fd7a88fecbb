// Sends a document to POST /api/extract-shopping-list and reports its progress: first the upload
// (XMLHttpRequest is the one browser API that reports upload progress), then the analysis stages
// the server streams as NDJSON (one JSON object per line, read as the response text grows).
// Errors end as ApiError with the server's French detail, like every other call (web/lib/api.ts).
import type { ImportResult, ImportStage, ImportStreamEvent } from '#contract/imports';
import { fr } from '#contract/messages';
import { ApiError } from '../../lib/api';
import { ensureFreshSession, handleUnauthorized } from '../../lib/session';

const NDJSON = 'application/x-ndjson';

export type UploadProgress =
  | { phase: 'uploading'; progress: number }
  | { phase: ImportStage; progress: number; page?: number; pages?: number };

/** The French message for a failed answer without a usable detail (a proxy's 413, an HTML 502…). */
function fallbackDetail(status: number): string {
  if (status === 413) return fr.lists.fileTooLarge;
  if (status === 415 || status === 400) return fr.lists.imageRequired;
  if (status === 422) return fr.lists.importFailed;
  if (status === 0) return typeof navigator !== 'undefined' && navigator.onLine === false ? fr.common.offline : fr.optimiser.network;
  return fr.lists.importError;
}

function errorFrom(status: number, body: unknown): ApiError {
  const { detail, code } = (body ?? {}) as { detail?: unknown; code?: unknown };
  // A 500's detail is never meant for the user: the spec's processing message is.
  const text = typeof detail === 'string' && detail && status !== 500 ? detail : fallbackDetail(status);
  return new ApiError(status, text, typeof code === 'string' ? code : undefined);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Uploads `file` as multipart field `file`; resolves with the analysis, rejects with ApiError (or AbortError). */
export async function uploadDocument(path: string, file: Blob, filename: string, onProgress: (progress: UploadProgress) => void, signal?: AbortSignal): Promise<ImportResult> {
  const token = await ensureFreshSession();
  if (signal?.aborted) throw new DOMException('Aborted', 'AbortError');

  return new Promise<ImportResult>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    let consumed = 0;
    let settled = false;
    const finish = (outcome: { result: ImportResult } | { error: unknown }) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      if ('result' in outcome) resolve(outcome.result);
      else reject(outcome.error);
    };
    const onAbort = () => {
      xhr.abort();
      finish({ error: new DOMException('Aborted', 'AbortError') });
    };

    const isStream = () => xhr.status === 200 && (xhr.getResponseHeader('content-type') ?? '').includes(NDJSON);
    /** Handles the complete lines received since the last call (the last, partial line waits). */
    const readLines = (final: boolean) => {
      const text = xhr.responseText;
      const end = final ? text.length : text.lastIndexOf('\n') + 1;
      if (end <= consumed) return;
      const chunk = text.slice(consumed, end);
      consumed = end;
      for (const line of chunk.split('\n')) {
        if (!line.trim()) continue;
        const event = parseJson(line) as ImportStreamEvent | null;
        if (!event) continue;
        if (event.type === 'progress') onProgress({ phase: event.stage, progress: event.progress, page: event.page, pages: event.pages });
        else if (event.type === 'result') finish({ result: event.result });
        else if (event.type === 'error') {
          if (event.status === 401) handleUnauthorized();
          finish({ error: errorFrom(event.status, event) });
        }
      }
    };

    xhr.open('POST', `/api${path}`);
    xhr.setRequestHeader('accept', `${NDJSON}, application/json`);
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress({ phase: 'uploading', progress: event.loaded / event.total });
    };
    xhr.upload.onload = () => onProgress({ phase: 'uploading', progress: 1 });
    xhr.onprogress = () => {
      if (isStream()) readLines(false);
    };
    xhr.onload = () => {
      if (isStream()) {
        readLines(true);
        // The stream ended without its result line: the server stopped mid-way.
        return finish({ error: new ApiError(500, fr.lists.importError) });
      }
      const body = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300 && body) return finish({ result: body as ImportResult });
      if (xhr.status === 401) handleUnauthorized();
      finish({ error: errorFrom(xhr.status, body) });
    };
    xhr.onerror = () => finish({ error: errorFrom(0, null) });
    signal?.addEventListener('abort', onAbort, { once: true });

    const form = new FormData();
    form.append('file', file, filename);
    xhr.send(form);
  });
}
