// Generates the catalogue benchmark's database on PostgreSQL or PGlite: the normal seed, then enough generated
// stores, products and price observations to reach 150 stores, 20,000 products and 500,000
// observations, with current_prices derived as the app derives them (latest accepted observation).
// The database is kept between runs and rebuilt only when missing or incomplete.
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { type Database, openDatabase } from '../server/db/client';
import { migrateDatabase } from '../server/db/migrate';
import { seedIfEmpty } from '../server/db/seed/seed';
import { applyDemoMode } from '../server/db/seed/demo-accounts';
import { queryRows } from '../server/platform/sql-rows';

export const TARGET = { stores: 150, products: 20_000, observations: 500_000 } as const;
const MARKER = 'bench_catalogue_v2';

/** Words that make plausible Gabonese grocery product names. */
const ITEMS = [
  'Crème', 'Lait', 'Huile', 'Riz', 'Sucre', 'Farine', 'Savon', 'Jus', 'Biscuits', 'Café', 'Thé', 'Sardines', 'Tomate', 'Poulet',
  'Pâtes', 'Yaourt', 'Beurre', 'Fromage', 'Eau', 'Bière', 'Manioc', 'Banane plantain', 'Poisson fumé', 'Chocolat', 'Lessive',
  'Dentifrice', 'Shampooing', 'Mayonnaise', 'Moutarde', 'Vinaigre', 'Sel', 'Poivre', 'Oignons', 'Ail', 'Gingembre', 'Arachides',
  'Haricots', 'Lentilles', 'Maïs', 'Semoule', 'Céréales', 'Confiture', 'Miel', 'Soda', 'Limonade', 'Vin', 'Papier toilette',
  'Éponges', 'Javel', 'Couches',
];
const QUALIFIERS = [
  'fraîche', 'entier', 'végétale', 'parfumé', 'blanc', 'de blé', 'de ménage', "d'orange", 'secs', 'moulu', 'vert', "à l'huile",
  'concentré', 'fumé', 'complet', 'nature', 'doux', 'fondu', 'minérale', 'blonde', 'épicé', 'bio', 'allégé', 'premium', 'familial',
  'au lait', 'à la vanille', 'rouge', 'grillé', 'de palme',
];
const PACKS = ['pot', 'brique', 'bouteille', 'sac', 'paquet', 'boîte', 'sachet', 'pack', 'bidon', 'flacon'];
const BRANDS = ['Président', 'Danone', 'Nestlé', 'Lissoir', "Cuisin'Or", 'Super Éléphant', 'Castel', 'Régab', 'Panzani', 'Lipton', 'Sotrader', 'Ngoma', 'Akanda Foods', 'Ogooué', 'Mbolo'];
const CATEGORIES = ['Fruits et légumes', 'Produits laitiers', 'Viande et poisson', 'Épicerie', 'Boulangerie', 'Boissons', "Produits d'hygiène", 'Produits ménagers', 'Divers'];
const UNITS = ['kg', 'g', 'L', 'mL', 'pièce', 'pack', 'boîte', 'sachet'];
const TOWNS = [
  { city: 'Libreville', latitude: 0.41, longitude: 9.46, spread: 0.06 },
  { city: 'Owendo', latitude: 0.3, longitude: 9.5, spread: 0.02 },
  { city: 'Akanda', latitude: 0.5, longitude: 9.44, spread: 0.02 },
  { city: 'Port-Gentil', latitude: -0.72, longitude: 8.78, spread: 0.02 },
  { city: 'Franceville', latitude: -1.63, longitude: 13.58, spread: 0.02 },
];

const pgText = (values: readonly string[]) => `ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]::text[]`;

export async function prepareBenchDatabase(adminUrl: string, name: string): Promise<string> {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount;
  if (!exists) await admin.query(`create database ${name}`);
  await admin.end();

  const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 2 });
  try {
    await fillBenchCatalogue(database, name);
    return url.toString();
  } finally {
    await database.close();
  }
}

/**
 * Migrates and seeds the database, then adds the generated stores, products and observations, unless
 * an earlier run did (a marker row says so). PostgreSQL or PGlite: the SQL is the same.
 */
export async function fillBenchCatalogue(database: Database, name: string): Promise<void> {
  await migrateDatabase(database);
  const db = database.db;
  const [marker] = await queryRows<{ value: string }>(db, sql`select value from app_settings where key = ${MARKER}`);
  if (marker) {
    console.log(`Base ${name} déjà générée (${marker.value}).`);
    return;
  }
  await seedIfEmpty(db);
  await applyDemoMode(db, true);
  const started = Date.now();
  console.log(`Génération de ${name} : ${TARGET.stores} magasins, ${TARGET.products} produits, ${TARGET.observations} observations…`);
  await db.transaction(async (tx) => {
    await tx.execute(sql`select setseed(0.42)`);
    const [{ n: storeCount }] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from stores`);
    const towns = TOWNS.map((t) => `(${t.latitude}, ${t.longitude}, ${t.spread}, '${t.city}')`).join(',');
    await tx.execute(
      sql.raw(`
      insert into stores (name, chain, city, district, address, latitude, longitude, source)
      select 'Supérette ' || (${pgText(['Nzeng', 'Akébé', 'Glass', 'Louis', 'Lalala', 'Nombakélé', 'PK8', 'Angondjé', 'Charbonnages', 'Awendjé'])})[1 + (i % 10)] || ' ' || i,
             'Indépendant', t.city, 'Quartier ' || i, 'Rue ' || i || ', ' || t.city,
             t.lat + (random() - 0.5) * t.spread * 2, t.lng + (random() - 0.5) * t.spread * 2, 'bench'
      from generate_series(1, ${TARGET.stores} - ${storeCount}) i
      join (values ${towns}) as t(lat, lng, spread, city) on true
      where t.city = (${pgText(TOWNS.map((t) => t.city))})[1 + (i % ${TOWNS.length})]`),
    );
    const [{ n: productCount }] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from products`);
    await tx.execute(
      sql.raw(`
      insert into products (name, brand, category, unit, description, created_at, updated_at)
      select (${pgText(ITEMS)})[1 + (i % ${ITEMS.length})] || ' ' || (${pgText(QUALIFIERS)})[1 + ((i / ${ITEMS.length}) % ${QUALIFIERS.length})]
               || ', ' || (${pgText(PACKS)})[1 + ((i / 7) % ${PACKS.length})] || ' ' || (50 + (i * 37) % 950) || ' g',
             (${pgText(BRANDS)})[1 + ((i / 3) % ${BRANDS.length})],
             (${pgText(CATEGORIES)})[1 + (i % ${CATEGORIES.length})],
             (${pgText(UNITS)})[1 + (i % ${UNITS.length})],
             'Produit généré pour le banc d''essai n° ' || i,
             now() - (i || ' minutes')::interval, now()
      from generate_series(1, ${TARGET.products} - ${productCount}) i`),
    );
    const [{ n: observationCount }] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from price_observations`);
    // Each generated observation: a product, one of its 12 stores (stable per product), a price
    // around the product's base price, some time in the last 120 days.
    await tx.execute(
      sql.raw(`
      with p as (select id, row_number() over (order by id) as rn, 300 + (abs(hashtext(id::text)::bigint) % 20000) as base from products),
           s as (select id, row_number() over (order by id) - 1 as rn from stores),
           np as (select count(*) as n from p), ns as (select count(*) as n from s)
      insert into price_observations (product_id, store_id, price_xaf, source, status, observed_at, created_at)
      select p.id, s.id, greatest(25, round(p.base * (0.8 + random() * 0.4) / 25) * 25)::int, 'seed', 'accepted', ts, ts
      from generate_series(0, ${TARGET.observations} - ${observationCount} - 1) g
      cross join np cross join ns
      join p on p.rn = 1 + (g % np.n)
      join s on s.rn = (abs(hashtext(p.id::text)::bigint) + (g / np.n) % 12 * 7) % ns.n
      cross join lateral (select now() - ((g::bigint * 7919) % (120 * 24 * 60) || ' minutes')::interval as ts) t`),
    );
    await tx.execute(sql`delete from current_prices`);
    await tx.execute(sql`
      insert into current_prices (product_id, store_id, price_xaf, observation_id, observed_at)
      select distinct on (product_id, store_id) product_id, store_id, price_xaf, id, observed_at
      from price_observations where status = 'accepted'
      order by product_id, store_id, observed_at desc`);
    await tx.execute(sql`insert into app_settings (key, value) values (${MARKER}, ${new Date().toISOString()})`);
  });
  // Bulk loads leave the visibility map and statistics stale: vacuum once, as autovacuum would.
  await db.execute(sql`vacuum analyze`);
  const [counts] = await queryRows<{ stores: number; products: number; observations: number; current: number }>(
    db,
    sql`select (select count(*)::int from stores) as stores, (select count(*)::int from products) as products,
               (select count(*)::int from price_observations) as observations, (select count(*)::int from current_prices) as current`,
  );
  console.log(`Généré en ${((Date.now() - started) / 1000).toFixed(1)} s :`, counts);
}

/**
 * The same catalogue on PGlite, under `dataDir` as the server's DATA_DIR (the database in `db/`):
 * generated by the first run (about 40 s: the rows are made by the database itself, nothing is sent
 * to it), then kept and reused.
 */
export async function preparePgliteBenchDir(dataDir: string): Promise<string> {
  const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') });
  try {
    await fillBenchCatalogue(database, dataDir);
    return dataDir;
  } finally {
    await database.close();
  }
}
