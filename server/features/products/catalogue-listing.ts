// Who sees a product or a store (issue 27, item 7: one account's spam was in everyone's search and
// nearby stores). A newcomer's addition (its author on probation, prices/probation.ts) is 'pending':
// its author and moderators see it, nobody else, until it is confirmed — a moderator publishes it,
// its author earns trust, or an established person adds the same product or store. Moderators hide,
// delete and merge entries ('hidden', catalogue-removal.service.ts). Every public read of the
// catalogue keeps to `listing = 'listed'`.
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { CatalogueKind, Listing } from '#contract/catalogue-hygiene';
import type { DbOrTx } from '../../db/client';
import { people, products, stores, users } from '../../db/schema';
import type { Principal } from '../../platform/auth-guard';
import { queryRows } from '../../platform/sql-rows';

export const tableOf = (kind: CatalogueKind) => (kind === 'products' ? products : stores);

/** Whether the account adds to the catalogue as an established person (or a moderator) rather than a newcomer. */
export async function isEstablished(db: DbOrTx, userId: string): Promise<boolean> {
  const [me] = await queryRows<{ user_type: string; trusted: boolean }>(
    db,
    sql`select u.user_type, p.trusted_at is not null as trusted from ${users} u left join ${people} p on p.id = u.person_id where u.id = ${userId}`,
  );
  return Boolean(me && (me.user_type === 'admin' || me.trusted));
}

/** The listing of a new product or store added by this account. */
export async function listingForNewEntry(db: DbOrTx, userId: string): Promise<Listing> {
  return (await isEstablished(db, userId)) ? 'listed' : 'pending';
}

/**
 * An established person (not its author) added the same entry again: a second, trusted person vouches
 * for it, so a pending entry is listed.
 */
export async function confirmBy(db: DbOrTx, kind: CatalogueKind, id: string, userId: string): Promise<boolean> {
  const table = tableOf(kind);
  if (!(await isEstablished(db, userId))) return false;
  const rows = await db
    .update(table)
    .set({ listing: 'listed' })
    .where(and(eq(table.id, id), eq(table.listing, 'pending'), sql`${table.createdBy} is distinct from ${userId}::uuid`))
    .returning({ id: table.id });
  return rows.length > 0;
}

/** The person earned trust: what their accounts added while on probation is listed. Answers how many. */
export async function publishPendingOf(db: DbOrTx, personId: string): Promise<number> {
  const accounts = db.select({ id: users.id }).from(users).where(eq(users.personId, personId));
  let published = 0;
  for (const table of [products, stores]) {
    const rows = await db
      .update(table)
      .set({ listing: 'listed' })
      .where(and(eq(table.listing, 'pending'), inArray(table.createdBy, accounts)))
      .returning({ id: table.id });
    published += rows.length;
  }
  return published;
}

type Entry = { listing: Listing; createdBy: string | null };

/** Whether `viewer` may see an entry: everyone a listed one, its author a pending one, moderators all. */
export function visibleTo(entry: Entry, viewer: Principal | null | undefined): boolean {
  if (entry.listing === 'listed') return true;
  if (!viewer) return false;
  if (viewer.userType === 'admin') return true;
  return entry.listing === 'pending' && entry.createdBy === viewer.userId;
}

/** The listing and author of an entry, or undefined when there is none. */
export async function entryOf(db: DbOrTx, kind: CatalogueKind, id: string): Promise<Entry | undefined> {
  const table = tableOf(kind);
  const [row] = await db.select({ listing: table.listing, createdBy: table.createdBy }).from(table).where(eq(table.id, id));
  return row;
}

/** A condition for the public reads of a table: only entries everyone sees. */
export const listedOnly = (kind: CatalogueKind) => eq(tableOf(kind).listing, 'listed');
/** Everything but what moderators removed (a pending store still deduplicates a second addition). */
export const notHidden = (kind: CatalogueKind) => ne(tableOf(kind).listing, 'hidden');
