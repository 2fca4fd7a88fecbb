// A client of the MonPanier API written from its OpenAPI document alone, as another team would write
// one: a small fetch wrapper typed by the `paths` that `npm run api:types` generates
// (generated/openapi/api.d.ts), and a short journey through it (sign in, search the catalogue,
// create a list and read it back). `npm run typecheck` type-checks this file against the generated
// types, so an answer that changes shape or stops being described breaks the build here. It also
// runs: `npx tsx scripts/api-client-check.ts http://localhost:3000 <e-mail> <mot de passe>`, and
// server/openapi-answers.test.ts runs it against the app.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { paths } from '../generated/openapi/api';

type Method = 'get' | 'post' | 'put' | 'delete';
type Operation<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;
/** The paths that have this method. */
type PathWith<M extends Method> = { [P in keyof paths]: [Operation<P, M>] extends [never] ? never : P }[keyof paths];

type ParametersOf<O> = O extends { parameters: infer X } ? X : never;
type PathPart<O> = ParametersOf<O> extends { path: infer A } ? { path: A } : { path?: never };
type QueryPart<O> = ParametersOf<O> extends { query: infer Q } ? { query: Q } : ParametersOf<O> extends { query?: infer Q } ? { query?: Q } : { query?: never };
type BodyPart<O> = O extends { requestBody: { content: { 'application/json': infer B } } }
  ? { body: B }
  : O extends { requestBody?: { content: { 'application/json': infer B } } }
    ? { body?: B }
    : { body?: never };
type Options<O> = PathPart<O> & QueryPart<O> & BodyPart<O>;

type SuccessStatus = 200 | 201 | 202 | 204;
/** The JSON of a success answer; `unknown` where the document does not describe it, `undefined` for a 204. */
type AnswerOf<O> = O extends { responses: infer R }
  ? { [S in keyof R & SuccessStatus]: R[S] extends { content: { 'application/json': infer B } } ? B : S extends 204 ? undefined : unknown }[keyof R & SuccessStatus]
  : never;

/** An error answer of the API: its status and French detail. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
  ) {
    super(`${status} : ${detail}`);
  }
}

/** `call(method, path, { path, query, body })`, every part typed by the document. */
export function apiClient(baseUrl: string, token?: string) {
  return async function call<M extends Method, P extends PathWith<M>>(method: M, route: P, options: Options<Operation<P, M>>): Promise<AnswerOf<Operation<P, M>>> {
    const parts = options as { path?: Record<string, string | number>; query?: Record<string, string | number | boolean | undefined>; body?: unknown };
    let url = String(route).replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(parts.path?.[name] ?? '')));
    const query = new URLSearchParams(Object.entries(parts.query ?? {}).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])));
    if (query.size > 0) url += `?${query}`;
    const res = await fetch(new URL(url, baseUrl), {
      method: method.toUpperCase(),
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(parts.body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: parts.body === undefined ? undefined : JSON.stringify(parts.body),
    });
    if (!res.ok) throw new ApiError(res.status, ((await res.json().catch(() => ({}))) as { detail?: string }).detail ?? res.statusText);
    return (res.status === 204 ? undefined : await res.json()) as AnswerOf<Operation<P, M>>;
  };
}

/** POST /api/auth/login does not describe its answer yet (issue 27, accounts): its token is read with a check. */
function accessTokenOf(answer: unknown): string {
  const token = typeof answer === 'object' && answer !== null && 'access_token' in answer ? answer.access_token : undefined;
  if (typeof token !== 'string') throw new Error('la connexion n’a pas rendu de jeton');
  return token;
}

/** Signs in, searches the catalogue, creates a list from the first product found and reads it back. */
export async function tryTheApi(baseUrl: string, email: string, password: string) {
  const token = accessTokenOf(await apiClient(baseUrl)('post', '/api/auth/login', { body: { email, password } }));
  const api = apiClient(baseUrl, token);
  const found = await api('get', '/api/products', { query: { search: 'riz', limit: 3 } });
  const first = found[0];
  const line = first ? { product_id: first.id, quantity: 2 } : { name: 'Riz parfumé', quantity: 2 };
  const created = await api('post', '/api/shopping-lists', { body: { name: 'Liste du client généré', items: [line] } });
  const list = await api('get', '/api/shopping-lists/{id}', { path: { id: created.id } });
  return {
    products: found.map((p) => `${p.name}${p.price === null ? '' : ` (${p.price} ${p.currency})`}`),
    list: { id: list.id, status: list.status, items: list.items.map((i) => `${i.quantity} × ${i.name}`) },
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [baseUrl, email, password] = process.argv.slice(2);
  if (!baseUrl || !email || !password) {
    console.error('usage : npx tsx scripts/api-client-check.ts <adresse du serveur> <e-mail> <mot de passe>');
    process.exit(2);
  }
  tryTheApi(baseUrl, email, password)
    .then((result) => console.log(JSON.stringify(result, null, 2)))
    .catch((error) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    });
}
