// The seam through which stores from outside fill the stores table: a StoreSource (OpenStreetMap via
// Overpass in overpass-source.ts, a chain's list…) gives stores with their id at the source, and
// importStores upserts them on (source, external_id), so running an import again updates rows
// instead of duplicating them. Places search then finds them like any other store.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { stores } from '../../db/schema';
import { catalogueChanged } from '../products/catalogue-cache';

export type BoundingBox = { south: number; west: number; north: number; east: number };

export type ExternalStore = {
  externalId: string;
  name: string;
  address: string;
  city?: string | null;
  district?: string | null;
  chain?: string | null;
  latitude: number;
  longitude: number;
  phone?: string | null;
  openingHours?: Record<string, string>;
};

export type StoreSource = {
  /** Kept in stores.source ('osm'…); never 'seed' or 'user'. */
  name: string;
  fetchStores: (area: BoundingBox) => Promise<ExternalStore[]>;
};

export type ImportReport = { inserted: number; updated: number };

const BATCH = 200;

export async function importStores(db: Db, source: StoreSource, area: BoundingBox): Promise<ImportReport> {
  if (source.name === 'seed' || source.name === 'user') throw new Error(`nom de source réservé : ${source.name}`);
  const found = await source.fetchStores(area);
  // One row per external id, the last one winning, so a batch never conflicts with itself.
  const unique = [...new Map(found.map((s) => [s.externalId, s])).values()];
  const report: ImportReport = { inserted: 0, updated: 0 };
  await db.transaction(async (tx) => {
    for (let i = 0; i < unique.length; i += BATCH) {
      const rows = await tx
        .insert(stores)
        .values(
          unique.slice(i, i + BATCH).map((s) => ({
            name: s.name,
            address: s.address,
            city: s.city ?? null,
            district: s.district ?? null,
            chain: s.chain ?? null,
            latitude: s.latitude,
            longitude: s.longitude,
            phone: s.phone ?? null,
            openingHours: s.openingHours ?? {},
            source: source.name,
            externalId: s.externalId,
          })),
        )
        .onConflictDoUpdate({
          target: [stores.source, stores.externalId],
          set: {
            name: sql`excluded.name`,
            address: sql`excluded.address`,
            city: sql`excluded.city`,
            district: sql`excluded.district`,
            chain: sql`excluded.chain`,
            latitude: sql`excluded.latitude`,
            longitude: sql`excluded.longitude`,
            phone: sql`excluded.phone`,
            openingHours: sql`excluded.opening_hours`,
          },
        })
        // xmax is 0 on a freshly inserted row and set on an updated one.
        .returning({ inserted: sql<boolean>`(xmax = 0)` });
      for (const row of rows) {
        if (row.inserted) report.inserted += 1;
        else report.updated += 1;
      }
    }
  });
  // Catalogue pages show store names and addresses.
  await catalogueChanged(db);
  return report;
}
