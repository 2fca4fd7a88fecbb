// First-start seed: real Gabonese stores and products (public facts, see stores.json / products.json)
// and a deterministic set of prices recorded as 'seed' observations. The demo accounts are not
// seed data: they exist only in demo mode (demo-accounts.ts).
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../client';
import * as t from '../schema';
import productsData from './products.json' with { type: 'json' };
import { sizeColumnsOf } from '../../features/products/product-sizes';
import storesData from './stores.json' with { type: 'json' };
import { seededRandom } from '../../platform/random';
import { shownAddress, shownDistrict } from './store-address';

/** 1: catalogue and prices (and then the demo accounts); 2: the demo moderator; 3: the stores' addresses without the sources' remarks. */
const SEED_VERSION = 3;
const SEED_KEY = 'seed_version';
const SEED_LOCK = 725_002;

type StoreKind = 'market' | 'hypermarket' | 'supermarket';

function storeKind(chain: string, name: string): StoreKind {
  if (chain.startsWith('Marché')) return 'market';
  if (/hypermarch|géant|mbolo|supergros|maxi/i.test(`${name} ${chain}`)) return 'hypermarket';
  return 'supermarket';
}

// Probability that a store of a kind carries a product of a category.
const CARRY: Record<StoreKind, Record<string, number>> = {
  market: { 'Fruits et légumes': 0.95, 'Viande et poisson': 0.9, Épicerie: 0.45, Boulangerie: 0.35, Boissons: 0.3, 'Produits laitiers': 0.15, "Produits d'hygiène": 0.2, 'Produits ménagers': 0.2, Divers: 0.3 },
  hypermarket: { 'Fruits et légumes': 0.8, 'Viande et poisson': 0.85, default: 0.92 },
  supermarket: { 'Fruits et légumes': 0.5, 'Viande et poisson': 0.55, default: 0.7 },
};

// Where a store sits in a product's price range: markets are cheap on fresh food, dear on packaged goods.
function priceLevel(kind: StoreKind, category: string, random: () => number): number {
  const fresh = category === 'Fruits et légumes' || category === 'Viande et poisson';
  if (kind === 'market') return fresh ? 0.1 + random() * 0.3 : 0.5 + random() * 0.4;
  if (kind === 'hypermarket') return 0.15 + random() * 0.45;
  return 0.35 + random() * 0.5;
}

const roundTo25 = (value: number) => Math.round(value / 25) * 25;
const DAY_MS = 24 * 60 * 60 * 1000;
const STALE_SHIFT_DAYS = 34;

export async function seedIfEmpty(db: Db, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    const [done] = await tx.select().from(t.appSettings).where(eq(t.appSettings.key, SEED_KEY));
    const version = done ? Number(done.value) : 0;
    if (version >= SEED_VERSION) return false;
    if (version < 1) await seedCatalogue(tx, now);
    if (version >= 1 && version < 3) await cleanSeedStoreAddresses(tx);
    await tx
      .insert(t.appSettings)
      .values({ key: SEED_KEY, value: String(SEED_VERSION) })
      .onConflictDoUpdate({ target: t.appSettings.key, set: { value: String(SEED_VERSION) } });
    return version < 1;
  });
}

/** A database seeded with the sources' remarks in its store addresses: the seed stores, as shown now. */
async function cleanSeedStoreAddresses(tx: Tx): Promise<void> {
  for (const s of storesData) {
    await tx
      .update(t.stores)
      .set({ address: shownAddress(s), district: shownDistrict(s.district) })
      .where(and(eq(t.stores.source, 'seed'), eq(t.stores.name, s.name), eq(t.stores.address, s.address)));
  }
}

async function seedCatalogue(tx: Tx, now: Date): Promise<void> {
  const random = seededRandom(20_260_101);
  const storeRows = await tx
    .insert(t.stores)
    .values(
      storesData.map((s) => ({
        name: s.name,
        chain: s.chain,
        city: s.city,
        district: shownDistrict(s.district),
        address: shownAddress(s),
        latitude: s.latitude,
        longitude: s.longitude,
        source: 'seed',
        sourceNote: s.source,
      })),
    )
    .returning({ id: t.stores.id, name: t.stores.name, chain: t.stores.chain });
  const productRows = await tx
    .insert(t.products)
    .values(
      productsData.map((p, i) => ({
        name: p.name,
        ...sizeColumnsOf(p.name),
        brand: p.brand || null,
        category: p.category,
        unit: p.unit,
        description: null,
        // Spread creation times so "most recent" sorting is meaningful and stable.
        createdAt: new Date(now.getTime() - (productsData.length - i) * 60_000),
      })),
    )
    .returning({ id: t.products.id });

  const observations: (typeof t.priceObservations.$inferInsert)[] = [];
  storeRows.forEach((store, storeIndex) => {
    const kind = storeKind(store.chain ?? '', store.name);
    productsData.forEach((product, index) => {
      // About one price in eleven was last seen more than a month ago: shown "à confirmer". Chosen
      // from the positions, not the random stream, so every other seeded price stays the same.
      const stale = (storeIndex * 7 + index) % 11 === 0;
      const carry = CARRY[kind][product.category] ?? CARRY[kind].default ?? 0.5;
      if (random() >= carry) return;
      const { typical_price_xaf_min: min, typical_price_xaf_max: max } = product;
      const level = priceLevel(kind, product.category, random);
      const current = Math.min(max, Math.max(min, roundTo25(min + (max - min) * level)));
      // One to three observations over the last two months, the latest being the current price.
      const count = 1 + Math.floor(random() * 3);
      for (let k = count - 1; k >= 0; k--) {
        const drift = k === 0 ? 1 : 1 + (random() - 0.5) * 0.12;
        const daysAgo = (k === 0 ? 1 + Math.floor(random() * 6) : 10 + k * 20 + Math.floor(random() * 10)) + (stale ? STALE_SHIFT_DAYS : 0);
        observations.push({
          productId: productRows[index].id,
          storeId: store.id,
          priceXaf: Math.max(25, roundTo25(current * drift)),
          source: 'seed',
          status: 'accepted',
          observedAt: new Date(now.getTime() - daysAgo * DAY_MS),
        });
      }
    });
  });

  for (let i = 0; i < observations.length; i += 500) {
    await tx.insert(t.priceObservations).values(observations.slice(i, i + 500));
  }
  await tx.execute(sql`
    insert into current_prices (product_id, store_id, price_xaf, observation_id, observed_at)
    select distinct on (product_id, store_id) product_id, store_id, price_xaf, id, observed_at
    from price_observations
    where status = 'accepted'
    order by product_id, store_id, observed_at desc`);
}
