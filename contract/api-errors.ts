// The shape of every error answer ({ detail } in French, a stable code, and the fields at fault for
// a validation error), for the routes that declare their answers (CONVENTIONS.md habit 12), and the
// empty answer of a 204.
import { z } from './zod';

export const ErrorResponseSchema = z.object({
  detail: z.string(),
  code: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  /** The other product, when a barcode already belongs to one (409 BARCODE_TAKEN). */
  product_id: z.string().optional(),
});

/** The error answers of a route, by status: `{ ...errorResponses(400, 401, 403) }`. */
export function errorResponses<S extends number>(...statuses: S[]): Record<S, typeof ErrorResponseSchema> {
  return Object.fromEntries(statuses.map((s) => [s, ErrorResponseSchema])) as Record<S, typeof ErrorResponseSchema>;
}

/** A 204 answer: no body (the OpenAPI document shows the status with no content). */
export const NoContentSchema = z.undefined().describe('Pas de contenu');
