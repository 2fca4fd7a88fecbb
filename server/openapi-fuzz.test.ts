// Property-based fuzzing of the whole API from its own OpenAPI document: for every path and method,
// fast-check generates path ids (known, unknown, garbage, over-long, NUL, surrogates, bad
// percent-encoding), query strings and JSON bodies (valid-looking from the schema, the same with one
// field replaced by junk, random JSON, NUL bytes, lone surrogates, deep nesting, huge numbers,
// broken JSON), sent signed out and as a signed-in user of the route's kind (consumer; the demo
// agent under /delivery-agent; the moderator under /admin). Every answer must be below 500, and
// every 4xx must carry a French `detail`. Ids seen in answers feed the next requests, so the routes
// are reached past their 404s. The runs are bounded to stay well under a minute per database.
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '#contract/demo';
import { fr } from '#contract/messages';
import type { LoginResponse } from '#contract/users';
import { type AirtelStandIn, STAND_IN_CREDENTIALS, startAirtelStandIn } from './test/airtel-stand-in';
import { bearer, createTestContext, loginDemo, registerUser, type TestContext } from './test/harness';

/** Generated cases per route and principal (signed out, signed in); FUZZ_RUNS and FUZZ_SEED explore further. */
const RUNS_PER_ROUTE = Number(process.env.FUZZ_RUNS ?? 10);
const SEED = Number(process.env.FUZZ_SEED ?? 20261125);

type Schema = {
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  nullable?: boolean;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean;
  minItems?: number;
  maxItems?: number;
};
type Parameter = { in: 'path' | 'query'; name: string; required?: boolean; schema: Schema };
type Operation = { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema: Schema }> } };
type Route = { method: string; path: string; op: Operation };

type Who = 'signed_out' | 'consumer' | 'agent' | 'moderator';
type Case = { who: Who; ids: string[]; query: string; body: { kind: 'none' } | { kind: 'json'; value: unknown } | { kind: 'raw'; text: string } };

let ctx: TestContext;
let airtel: AirtelStandIn;
let routes: Route[];
const tokens: Partial<Record<Who, string>> = {};
/** Ids the API answered with, reused as "known" ids. */
const knownIds = new Set<string>();
/** Ids a request must never hit (the fuzzing accounts: suspending them would blind the run). */
const protectedIds = new Set<string>();

// ------------------------------------------------------------------------------------- French check

const catalogue = new Set<string>();
(function collect(value: unknown): void {
  if (typeof value === 'string') catalogue.add(value);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) collect(v);
})(fr);

// What Fastify, its plugins and zod's default locale answer in English (a detail may quote the
// client's own text, so single English words are not enough to fail it).
const ENGLISH = /Bad Request|Not Found|Unauthorized|Forbidden|Internal Server Error|Unsupported Media Type|Payload Too Large|Too Many Requests|Rate limit|Invalid (input|type|string|option)|Required|Expected|\bmust (be|have|match|NOT)\b|is exceeding|is not a valid|Route [A-Z]+:|Unexpected (token|end)|Body cannot be empty|Client Error/;
const FRENCH = /\b(le|la|les|de|des|du|un|une|est|pas|ce|cette|votre|vos|veuillez|doit|invalide|trop|introuvable|inconnue?|requise?|attendue?|reçue?|déjà|à|au|aux|non|être)\b/i;

function frenchProblem(detail: unknown): string | null {
  if (typeof detail !== 'string' || detail.length === 0) return 'pas de detail';
  if (catalogue.has(detail)) return null;
  if (ENGLISH.test(detail)) return 'anglais';
  if (!/^[A-ZÀ-ÖØ-Þ0-9«"“]/.test(detail)) return 'ne commence pas par une majuscule';
  return FRENCH.test(detail) ? null : 'pas reconnu comme du français';
}

// -------------------------------------------------------------------------------------- generators

const HOSTILE_STRINGS = [
  'a\u0000b',
  '\u0000',
  '\ud800',
  'x\udfffy',
  '',
  '   ',
  '2026-11-31',
  '2026-11-25T99:99:99garbage',
  '0000-00-00',
  '9999-12-31',
  'null',
  '<script>alert(1)</script>',
  "'; drop table users; --",
  '../../etc/passwd',
  'pas-un-email',
  'appelez-moi',
  'http://127.0.0.1:1/x',
  'javascript:alert(1)',
  'é'.repeat(5000),
  '💥'.repeat(300),
  'a'.repeat(70_000),
];
const HOSTILE_NUMBERS = [0, -1, 0.5, -0.000001, 2 ** 31, 2 ** 31 - 1, -(2 ** 31) - 1, 2 ** 53, 1e21, 1e308, -1e308, 10_000_000, 9_990_000_000];

const hostileString = fc.constantFrom(...HOSTILE_STRINGS);
const deepNesting = fc.integer({ min: 33, max: 200 }).map((depth) => {
  let value: unknown = 'fond';
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
});
const junk: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: hostileString },
  { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_NUMBERS) },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: deepNesting },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}) },
);

const knownId = () => fc.nat().map((n) => [...knownIds][n % Math.max(knownIds.size, 1)] ?? randomUUID());
const uuidArb = fc.oneof({ weight: 3, arbitrary: knownId() }, { weight: 1, arbitrary: fc.uuid() });
const dateArb = fc.oneof(
  fc.integer({ min: -3, max: 90 }).map((days) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10)),
  fc.integer({ min: -3, max: 90 }).map((days) => new Date(Date.now() + days * 86_400_000).toISOString()),
  fc.constantFrom('2026-11-31', '2026-02-29', '2026-11-25T99:99:99garbage', '2026-13-01', '20261125', '2026-11-25T10:00:00+25:00'),
);

/** A value that follows the schema (mostly), with field names steering strings toward dates, ids and e-mails. */
function valid(schema: Schema | undefined, name = '', depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return fc.jsonValue({ maxDepth: 2 });
  if (schema.anyOf?.length) return fc.oneof(...schema.anyOf.map((s) => valid(s, name, depth + 1)));
  if (schema.enum?.length) return withNull(schema, fc.constantFrom(...schema.enum));
  switch (schema.type) {
    case 'object': {
      const props = schema.properties ?? {};
      const shape = Object.fromEntries(Object.entries(props).map(([key, s]) => [key, valid(s, key, depth + 1)]));
      return withNull(schema, fc.record(shape, { requiredKeys: (schema.required ?? []).filter((k) => k in props) }));
    }
    case 'array':
      return withNull(schema, fc.array(valid(schema.items, name, depth + 1), { minLength: Math.min(schema.minItems ?? 0, 3), maxLength: Math.min(schema.maxItems ?? 4, 4) }));
    case 'string':
      return withNull(schema, stringFor(schema, name));
    case 'integer':
      return withNull(schema, fc.integer({ min: Math.max(schema.minimum ?? -10, -1e6), max: Math.min(schema.maximum ?? 100_000, 1e9) }));
    case 'number':
      return withNull(
        schema,
        fc.double({ min: Math.max(schema.minimum ?? -1e6, -1e6), max: Math.min(schema.maximum ?? 1e6, 1e6), minExcluded: Boolean(schema.exclusiveMinimum), noNaN: true }),
      );
    case 'boolean':
      return withNull(schema, fc.boolean());
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Mostly valid strings, steered by the field's name; `mutated` and `junk` bring the hostile ones. */
function stringFor(schema: Schema, name: string): fc.Arbitrary<unknown> {
  if (schema.format === 'uuid' || /(^|_)id$/.test(name)) return uuidArb;
  if (/date/.test(name)) return dateArb;
  if (/email/.test(name)) return fc.stringMatching(/^[a-z]{3,12}$/).map((local) => `${local}@exemple.ga`);
  if (schema.format === 'uri' || /url|endpoint/.test(name)) return fc.oneof(fc.webUrl(), fc.constantFrom('https://fcm.googleapis.com/fcm/send/abc', 'http://127.0.0.1:1/x'));
  if (/phone/.test(name)) return fc.constantFrom('+241 07 12 34 56', '066123456');
  if (/password/.test(name)) return fc.stringMatching(/^[A-Za-z0-9]{4}$/).map((tail) => `Kp7!zQ2#wLm9${tail}`);
  if (/country/.test(name)) return fc.constantFrom('Gabon', 'Cameroun');
  if (/full_name|display_name|^name$/.test(name)) return fc.constantFrom('Aïcha Mba', 'Jean-Pierre Ndong', 'Riz parfumé 5 kg');
  if (/slot/.test(name)) return fc.constantFrom('morning', 'afternoon', 'evening', '08:00-10:00', '18:00-20:00');
  if (/status/.test(name)) return fc.constantFrom('pending', 'confirmed', 'in_progress', 'delivered', 'completed', 'cancelled', 'held', 'open');
  return fc.string({ minLength: Math.min(schema.minLength ?? 0, 20), maxLength: Math.min(schema.maxLength ?? 30, 30) });
}

const withNull = (schema: Schema, arb: fc.Arbitrary<unknown>) => (schema.nullable ? fc.option(arb, { nil: null, freq: 6 }) : arb);

/** The valid-looking value with one field (at the top or one level down) replaced by junk. */
function mutated(schema: Schema): fc.Arbitrary<unknown> {
  return fc.tuple(valid(schema), junk, fc.nat(), fc.boolean()).map(([value, bad, pick, nested]) => {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return bad;
    const copy = structuredClone(value) as Record<string, unknown>;
    const keys = Object.keys(schema.properties ?? copy);
    if (keys.length === 0) return { [String(pick)]: bad };
    const key = keys[pick % keys.length];
    const inner = copy[key];
    if (nested && inner && typeof inner === 'object' && !Array.isArray(inner) && Object.keys(inner).length > 0) {
      const innerKeys = Object.keys(inner);
      (inner as Record<string, unknown>)[innerKeys[pick % innerKeys.length]] = bad;
    } else copy[key] = bad;
    return copy;
  });
}

const RAW_BODIES = ['{', '{"a":', '[' .repeat(20_000) + ']'.repeat(20_000), '{"a":"\\ud800"}', '{"a":"\\u0000"}', 'null', '"texte"', '1e999', '{"__proto__":{"admin":true}}', '\u0000'];

/** Routes that read their body themselves (it is signed as received): the shape they expect. */
const UNDECLARED_BODIES: Record<string, Schema> = {
  'POST /api/payments/callbacks/airtel': {
    type: 'object',
    properties: {
      transaction: {
        type: 'object',
        properties: { id: { type: 'string', format: 'uuid' }, message: { type: 'string' }, status_code: { type: 'string', enum: ['TS', 'TF', 'TIP', 'TA'] }, airtel_money_id: { type: 'string' } },
        required: ['id', 'status_code'],
      },
      hash: { type: 'string' },
    },
    required: ['transaction'],
  },
};

function bodyFor(route: Route): fc.Arbitrary<Case['body']> {
  const schema = route.op.requestBody?.content?.['application/json']?.schema ?? UNDECLARED_BODIES[`${route.method} ${route.path}`];
  const json = (arb: fc.Arbitrary<unknown>) => arb.map((value) => ({ kind: 'json' as const, value }));
  const raw = fc.constantFrom(...RAW_BODIES).map((text) => ({ kind: 'raw' as const, text }));
  if (route.method === 'GET' || route.method === 'DELETE') return fc.oneof({ weight: 5, arbitrary: fc.constant({ kind: 'none' as const }) }, { weight: 1, arbitrary: json(junk) });
  if (!schema) return fc.oneof(fc.constant({ kind: 'none' as const }), json(junk), raw);
  return fc.oneof({ weight: 4, arbitrary: json(valid(schema)) }, { weight: 3, arbitrary: json(mutated(schema)) }, { weight: 2, arbitrary: json(junk) }, { weight: 1, arbitrary: raw });
}

const RAW_IDS = ['pas-un-id', '123', 'a'.repeat(150), '%00', 'a%00b', '%ED%A0%80', '%E0%A4%A', '..%2F..%2Fetc', '%20', '00000000-0000-0000-0000-000000000000', `${randomUUID()}%00`];
const idArb = fc.oneof({ weight: 4, arbitrary: knownId() }, { weight: 2, arbitrary: fc.uuid() }, { weight: 3, arbitrary: fc.constantFrom(...RAW_IDS) });

const RAW_QUERY_VALUES = ['%00', 'a%00b', '%ED%A0%80', '%FF', '%', 'a'.repeat(3000), '-1', '1e309', 'NaN', '2026-11-31', '9999999999999999999999'];

function queryFor(route: Route): fc.Arbitrary<string> {
  const params = (route.op.parameters ?? []).filter((p) => p.in === 'query');
  const one = (p: Parameter) =>
    fc.oneof(
      { weight: 8, arbitrary: valid(p.schema, p.name).map((v) => (v === undefined ? undefined : encodeValue(v))) },
      { weight: 1, arbitrary: fc.constantFrom(...RAW_QUERY_VALUES) },
      { weight: p.required ? 1 : 3, arbitrary: fc.constant(undefined) },
    );
  const named = fc.tuple(...params.map((p) => one(p).map((v) => (v === undefined ? null : `${p.name}=${v}`))));
  const extra = fc.oneof({ weight: 4, arbitrary: fc.constant<string[]>([]) }, { weight: 1, arbitrary: fc.constantFrom(['x=%00'], ['search=a%00b'], ['a[b][c]=1'], ['page=1&page=2']) });
  return fc.tuple(params.length ? named : fc.constant([] as (string | null)[]), extra).map(([pairs, more]) => [...pairs.filter((p): p is string => p !== null), ...more].join('&'));
}

function encodeValue(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80'; // a lone surrogate cannot be encoded as UTF-8: send its raw bytes instead
  }
}

function caseFor(route: Route, who: Who): fc.Arbitrary<Case> {
  const idCount = (route.path.match(/\{[^}]+\}/g) ?? []).length;
  return fc.record({
    who: fc.constant(who),
    ids: fc.array(idArb, { minLength: idCount, maxLength: idCount }),
    query: queryFor(route),
    body: bodyFor(route),
  });
}

/** Who the route is for when signed in. */
function signedInAs(route: Route): Who {
  if (route.path.startsWith('/api/delivery-agent')) return 'agent';
  if (route.path.startsWith('/api/admin')) return 'moderator';
  return 'consumer';
}

/**
 * Signed in, these would end the fuzzing session itself (the test's own assumption, not an area):
 * they are still fuzzed signed out.
 */
const SIGNED_OUT_ONLY = new Set(['POST /api/auth/logout', 'POST /api/auth/refresh']);

// ----------------------------------------------------------------------------------------- running

async function send(route: Route, c: Case): Promise<LightMyRequestResponse> {
  let i = 0;
  const path = route.path.replace(/\{[^}]+\}/g, () => c.ids[i++] ?? randomUUID());
  const url = c.query ? `${path}?${c.query}` : path;
  const headers: Record<string, string> = c.who !== 'signed_out' && tokens[c.who] ? bearer(tokens[c.who]!) : {};
  if (c.body.kind === 'none') return ctx.app.inject({ method: route.method as 'GET', url, headers, remoteAddress: nextAddress() });
  const payload = c.body.kind === 'json' ? JSON.stringify(c.body.value ?? null) : c.body.text;
  return ctx.app.inject({ method: route.method as 'POST', url, headers: { ...headers, 'content-type': 'application/json' }, payload, remoteAddress: nextAddress() });
}

let addressCounter = 0;
/** Each request from its own address, so per-address rate limits do not hide the routes behind 429s. */
const nextAddress = () => `10.99.${(++addressCounter >> 8) & 255}.${addressCounter & 255}`;

const UUID_IN_TEXT = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;

function harvest(res: LightMyRequestResponse) {
  if (knownIds.size > 300) return;
  for (const id of res.body.match(UUID_IN_TEXT) ?? []) if (!protectedIds.has(id)) knownIds.add(id);
}

function describeCase(route: Route, c: Case): string {
  const body = c.body.kind === 'none' ? '' : c.body.kind === 'raw' ? c.body.text : JSON.stringify(c.body.value);
  return `${route.method} ${route.path} ${c.who} ids=${JSON.stringify(c.ids.map((x) => x.slice(0, 60)))} query=${c.query.slice(0, 200)} body=${body.slice(0, 300)}`;
}

beforeAll(async () => {
  // Airtel Money configured (its local stand-in), so that its callback route is reached too.
  airtel = await startAirtelStandIn();
  ctx = await createTestContext({
    airtelMoney: { baseUrl: airtel.baseUrl, ...STAND_IN_CREDENTIALS, timeoutMs: 3000 },
  });
  const doc = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(doc.statusCode).toBe(200);
  const paths = (doc.json() as { paths: Record<string, Record<string, Operation>> }).paths;
  routes = Object.entries(paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
  );

  const consumer = await registerUser(ctx.app);
  const agent = await loginDemo(ctx.app, 'agent');
  const moderatorLogin = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: DEMO_ACCOUNTS.moderator.email, password: DEMO_ACCOUNTS.moderator.password } });
  expect(moderatorLogin.statusCode, moderatorLogin.body).toBe(200);
  const moderator = moderatorLogin.json() as LoginResponse;
  tokens.consumer = consumer.access_token;
  tokens.agent = agent.access_token;
  tokens.moderator = moderator.access_token;
  for (const who of [consumer, agent, moderator]) protectedIds.add(who.user.id);

  // A few real ids to start from: the catalogue, and the consumer's own list and payment method.
  for (const url of ['/api/products?limit=20', '/api/stores']) harvest(await ctx.app.inject({ method: 'GET', url }));
  const as = bearer(consumer.access_token);
  const product = [...knownIds][0];
  harvest(await ctx.app.inject({ method: 'POST', url: '/api/shopping-lists', headers: as, payload: { name: 'Fuzz', items: [{ product_id: product, quantity: 2 }] } }));
  harvest(await ctx.app.inject({ method: 'POST', url: '/api/user/payment-methods', headers: as, payload: { method_type: 'cash', display_name: 'Espèces', details: {} } }));
}, 120_000);

afterAll(async () => {
  await ctx?.close();
  await airtel?.close();
});

describe('the OpenAPI document, fuzzed', () => {
  it('covers the API', () => {
    expect(routes.length).toBeGreaterThan(50);
  });

  it('never answers 5xx, and every 4xx has a French detail', { timeout: 180_000 }, async () => {
    const failures: string[] = [];
    for (const route of routes) {
      const key = `${route.method} ${route.path}`;
      const principals: Who[] = SIGNED_OUT_ONLY.has(key) ? ['signed_out'] : ['signed_out', signedInAs(route)];
      for (const who of principals) {
        const result = await fc.check(
          fc.asyncProperty(caseFor(route, who), async (c) => {
            const res = await send(route, c);
            harvest(res);
            if (res.statusCode >= 500) throw new Error(`${res.statusCode} ${res.body.slice(0, 200)} ← ${describeCase(route, c)}`);
            if (res.statusCode >= 400) {
              let detail: unknown;
              try {
                detail = (res.json() as { detail?: unknown }).detail;
              } catch {
                detail = undefined;
              }
              const problem = frenchProblem(detail);
              if (problem) throw new Error(`${res.statusCode} ${problem} : ${res.body.slice(0, 200)} ← ${describeCase(route, c)}`);
            }
          }),
          { numRuns: RUNS_PER_ROUTE, seed: SEED, endOnFailure: true },
        );
        if (result.failed) failures.push(String((result.errorInstance as Error | undefined)?.message ?? result.counterexample));
      }
    }
    expect(failures, failures.join('\n\n')).toEqual([]);
  });
});
