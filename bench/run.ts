// `npm run bench [case…]` runs the benchmark cases in turn (all of them by default) and prints their
// reports. Figures are ratios against a baseline measured in the same run: machines are noisy.
// Each case is a module exporting `run(): Promise<void>`; add yours to CASES.

type BenchCase = { name: string; description: string; load: () => Promise<{ run: () => Promise<void> }> };

const CASES: BenchCase[] = [
  {
    name: 'optimiser',
    description: 'panier optimal exact vs HiGHS (MILP) et glouton, listes de Libreville simulées',
    load: () => import('./optimiser.bench'),
  },
  {
    name: 'catalogue',
    description: 'catalogue sur PostgreSQL et PGlite : 20 000 produits, 150 magasins, 500 000 prix ; recherche et fiche produit, face au SQL seul',
    load: () => import('./catalogue'),
  },
  {
    name: 'search',
    description: "recherche du catalogue face à 250 recherches étiquetées (tailles, emballages, marques, fautes, noms locaux) : précision@1, rappel@5, recherches vides, sur PGlite et PostgreSQL",
    load: () => import('./search'),
  },
  {
    name: 'deliveries',
    description: '200 livreurs interrogent les commandes disponibles, 2 000 clients lisent leurs notifications (PostgreSQL)',
    load: () => import('./deliveries'),
  },
  {
    name: 'import',
    description: 'listes de courses depuis photos, PDF et fichiers : rappel, précision, quantités et latence par type de document (PGlite)',
    load: () => import('./import/import.bench'),
  },
  {
    name: 'banner',
    description: 'bandeau promotionnel sur PostgreSQL : 2 000 utilisateurs aux audiences mélangées, 200 annonces actives, face à une route triviale',
    load: () => import('./banner'),
  },
  {
    name: 'recognition',
    description: 'reconnaissance de produits en photo : code-barres, étiquette seule, objets hors catalogue, latence (PGlite)',
    load: () => import('./recognition/recognition.bench'),
  },
  {
    name: 'receipts',
    description: 'tickets de caisse (thermique PNG, photo, e-ticket PDF) de plusieurs enseignes : magasin, date, total, rappel des lignes, précision des prix, temps par ticket',
    load: () => import('./receipts/receipts.bench'),
  },
  {
    name: 'scale',
    description: 'une instance puis deux (deux processus, une base PostgreSQL) : catalogue et optimiseur en charge, côte à côte, avec le rapport',
    load: () => import('./scale'),
  },
  {
    name: 'memory',
    description: 'mémoire résidente du serveur construit (npm start) sur PGlite et PostgreSQL : premier démarrage, redémarrage, charge du catalogue, au repos et au pic',
    load: () => import('./memory'),
  },
  {
    name: 'hostage',
    description: "un serveur attaqué par des documents piégés (texte de 10 Mo, une ligne de 9,4 Mo, PDF à image de 30 000 × 30 000, multipart cassé) : /api/health pendant l'attaque face au repos, RSS maximale",
    load: () => import('./hostage'),
  },
  {
    name: 'web',
    description: "Lighthouse (profil mobile) sur /login, /demo-optimization, /dashboard et /products : score, FCP, LCP, TBT, CLS, JS transféré et JS initial (gzip)",
    load: () => import('./web'),
  },
];

async function main() {
  const wanted = process.argv.slice(2);
  const selected = wanted.length ? CASES.filter((c) => wanted.includes(c.name)) : CASES;
  if (selected.length === 0) {
    console.log(`Aucun cas de benchmark trouvé. Cas disponibles : ${CASES.map((c) => c.name).join(', ') || '(aucun)'}`);
    return;
  }
  for (const benchCase of selected) {
    console.log(`\n=== ${benchCase.name} — ${benchCase.description} ===\n`);
    const module = await benchCase.load();
    await module.run();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
