// Ground truth for the import benchmark: shopping lists written the way people in Gabon write them,
// built from the seeded catalogue (server/db/seed/products.json). Each list line says what it means:
// a catalogue product (with the other products that would also be right when the line is vague),
// an item that is not in the catalogue (must come back as a manual item), or nothing (a heading, a note).
//
// Writers differ: bullets, checkboxes, numbering, quantity before or after ("2 kg riz", "riz x2",
// "3 boîtes de sardines", "deux baguettes"), accents or not, case, abbreviations, brands.
// Everything is drawn from a seeded PRNG: the same seed gives the same lists.

export type Measure = 'count' | 'kg' | 'litre';

/** How an item may be written, and which catalogue products it means. */
type Spec = {
  /** Catalogue product names: the first is what the line means, the others are also right. */
  accept: string[];
  forms: string[];
  measure?: Measure;
  /** Container word, singular and plural: "3 boîtes de sardines". */
  container?: [string, string];
  /** Only written with a container ("2 plateaux d'œufs"), never "2 œufs". */
  containerOnly?: boolean;
  /** Sold by the heap: a count is written with its container ("3 tas de tomates"), since "12 tomates" is no number of heaps. */
  noBareCount?: boolean;
  /** Only means this product with a kg / litre quantity ("2 kg oignons", not "3 oignons"). */
  unitRequired?: boolean;
  /** Products that are right when the line names the container, when fewer than `accept`. */
  containerAccept?: string[];
  /** Products that are also right when no quantity is written ("oeufs" alone). */
  bareAccept?: string[];
  /** The form starts with a number ("33 Export"): never put a count in front of it. */
  noLeadingCount?: boolean;
  weight?: number;
};

const RIZ = ['Riz parfumé, sac 5 kg', 'Riz parfumé, sac 25 kg', 'Riz blanc ordinaire (au kg, vrac)'];
const PALME = ["Huile de palme raffinée Cuisin'Or, bouteille 0,9 L", "Huile de palme raffinée Cuisin'Or, bouteille 2 L", "Huile de palme raffinée Cuisin'Or, bidon 5 L"];
const SUCRE = ['Sucre blanc en morceaux, paquet 1 kg', 'Sucre blanc granulé, paquet 1 kg', 'Sucre roux en morceaux, paquet 1 kg', 'Sucre roux granulé, paquet 1 kg'];
const OEUFS = ["Œuf (à l'unité)", 'Œufs, plateau de 30'];
const LAIT_POUDRE = ['Lait en poudre, boîte 400 g', 'Lait en poudre, sachet 400 g'];
const BATON = ['Bâton de manioc (Libreville)', 'Bâton de manioc myènè (Port-Gentil)'];
const PLANTAIN = ['Banane plantain, tas de 4–5 doigts', 'Régime de banane plantain'];
const BOEUF = ['Viande de bœuf sans os (au kg)', 'Viande de bœuf avec os (au kg)'];
const POULET = ['Cuisses de poulet congelées (au kg)', 'Poulet de chair local (au kg)'];
const PAIN = ['Baguette de pain (~170–190 g)', 'Petite baguette'];
const REGAB = ['Bière Régab, bouteille 65 cl (consignée)', 'Bière Régab, bouteille 33 cl'];
const ANDZA = ['Eau minérale Andza, bouteille 1,5 L', 'Eau minérale Andza, pack 6 × 1,5 L'];
const DJINO = ['Djino, bouteille 1,5 L', 'Djino, bouteille 50 cl'];
const ORANGINA = ['Orangina Light, bouteille 1,5 L', 'Orangina, bouteille 50 cl'];
const SAVON = ['Savon de toilette, pain ~100 g', 'Savon de ménage (type savon de Marseille), morceau'];
const HUILE = [...PALME, 'Huile végétale Lissoir, 1 L'];
const OIGNON = ["Oignon (à l'unité)", 'Oignons (au kg)'];

const BOITE: [string, string] = ['boîte', 'boîtes'];
const PAQUET: [string, string] = ['paquet', 'paquets'];
const SACHET: [string, string] = ['sachet', 'sachets'];
const BOUTEILLE: [string, string] = ['bouteille', 'bouteilles'];
const TAS: [string, string] = ['tas', 'tas'];

export const SPECS: Spec[] = [
  // Épicerie
  { accept: [RIZ[0]], forms: ['riz parfumé 5kg', 'sac de riz 5 kg', 'riz Éléphant 5kg', 'Riz Super Éléphant 5 kg', 'riz parfumé (sac 5kg)'], container: ['sac', 'sacs'], weight: 2 },
  { accept: [RIZ[1]], forms: ['sac de riz 25kg', 'riz 25 kg', 'riz parfumé 25kg', 'riz Éléphant 25 kg'], container: ['sac', 'sacs'] },
  { accept: [RIZ[2]], forms: ['riz blanc', 'riz ordinaire', 'riz en vrac'], measure: 'kg' },
  { accept: [RIZ[2]], forms: ['riz'], measure: 'kg', unitRequired: true, weight: 2 },
  { accept: RIZ, forms: ['riz'], bareAccept: RIZ },
  { accept: [PALME[0]], forms: ['huile de palme 0,9L', "Cuisin'Or 0,9 L", 'huile cuisinor 0,9l', 'huile de palme 90cl'], container: BOUTEILLE },
  { accept: [PALME[1]], forms: ['huile de palme 2L', "Cuisin'Or 2 L", "huile Cuisin'Or 2 litres"], container: BOUTEILLE, weight: 2 },
  { accept: [PALME[2]], forms: ['bidon huile de palme 5L', "Cuisin'Or 5L", 'huile de palme 5 litres', "bidon Cuisin'Or 5 L"], container: ['bidon', 'bidons'] },
  { accept: PALME, forms: ['huile de palme', "Cuisin'Or", 'huile Cuisinor'] },
  { accept: ['Huile végétale Lissoir, 1 L'], forms: ['huile Lissoir', 'huile végétale 1L', 'Lissoir 1L', 'huile 1L', 'huile végétale Lissoir'], container: BOUTEILLE },
  { accept: HUILE, forms: ['huile'] },
  { accept: [SUCRE[0]], forms: ['sucre blanc en morceaux', 'sucre morceaux blanc'], measure: 'kg', container: PAQUET },
  { accept: [SUCRE[1]], forms: ['sucre blanc granulé', 'sucre blanc en poudre'], measure: 'kg', container: PAQUET },
  { accept: [SUCRE[2]], forms: ['sucre roux en morceaux', 'sucre roux morceaux'], measure: 'kg', container: PAQUET },
  { accept: [SUCRE[3]], forms: ['sucre roux en poudre', 'sucre roux granulé'], measure: 'kg', container: PAQUET },
  { accept: [SUCRE[0], SUCRE[2]], forms: ['sucre en morceaux'], measure: 'kg', container: PAQUET },
  { accept: SUCRE, forms: ['sucre', 'sucre Sucaf'], measure: 'kg', container: PAQUET, weight: 2 },
  { accept: ["Sardines à l'huile, boîte 125 g"], forms: ['sardines', "sardines à l'huile", 'sardines Belma', 'sardine'], container: BOITE, weight: 3 },
  { accept: ['Cassoulet, grande boîte'], forms: ['cassoulet', 'grande boîte cassoulet'], container: BOITE },
  { accept: ['Farine de blé (au kg, détail)'], forms: ['farine', 'farine de blé', 'farine blé'], measure: 'kg' },
  { accept: ['Spaghetti, paquet 500 g'], forms: ['spaghetti', 'spaghettis', 'spaghetti 500g', 'spaguetti'], container: PAQUET, weight: 2 },
  { accept: ['Concentré de tomate, boîte 400 g'], forms: ['concentré de tomate', 'tomate concentrée', 'concentré tomate 400g'], container: BOITE, weight: 2 },
  { accept: ["Bouillon cube (à l'unité)"], forms: ['Maggi', 'cubes Maggi', 'bouillon cube', 'cube maggi', 'bouillon Maggi'], weight: 2 },
  { accept: ['Sel fin, paquet 1 kg'], forms: ['sel', 'sel fin', 'sel de cuisine'], measure: 'kg', container: PAQUET },
  { accept: ['Mayonnaise, pot 450 g'], forms: ['mayonnaise', 'mayo'], container: ['pot', 'pots'] },
  { accept: ['Petits pois, boîte 400 g'], forms: ['petits pois', 'petit pois'], container: BOITE },
  { accept: [BATON[0]], forms: ['bâton de manioc', 'bâtons de manioc', 'baton manioc'], bareAccept: BATON, weight: 2 },
  { accept: ['Paquet de 10 bâtons de manioc'], forms: ['paquet de 10 bâtons', 'paquet de 10 bâtons de manioc'] },
  { accept: [BATON[1]], forms: ['bâton myènè', 'baton de manioc myene', 'bâtons myènè'] },
  // Fruits et légumes
  // "3 bananes plantains": three heaps or three bunches, both are sold; "3 tas de plantain" is heaps.
  { accept: PLANTAIN, forms: ['bananes plantains', 'banane plantain', 'plantain'], container: TAS, containerAccept: [PLANTAIN[0]], noBareCount: true, weight: 2 },
  { accept: [PLANTAIN[1]], forms: ['régime de banane', 'régime de plantain', 'régime banane plantain'] },
  { accept: [OIGNON[0]], forms: ['oignons', 'oignon', 'gros oignons'], bareAccept: OIGNON },
  { accept: [OIGNON[1]], forms: ['oignons', 'oignon'], measure: 'kg', unitRequired: true },
  { accept: ['Tomates fraîches, tas de 3–4'], forms: ['tomates', 'tomates fraîches', 'tomate'], container: TAS, noBareCount: true, weight: 2 },
  { accept: ['Feuilles de manioc, botte'], forms: ['feuilles de manioc', 'feuilles manioc'], container: ['botte', 'bottes'] },
  { accept: ["Avocat (à l'unité)"], forms: ['avocats', 'avocat'] },
  { accept: ['Pommes de terre (au kg)'], forms: ['pommes de terre', 'pomme de terre'], measure: 'kg' },
  { accept: ["Ananas (à l'unité)"], forms: ['ananas'] },
  { accept: ['Piment frais, tas'], forms: ['piment', 'piments', 'piment frais'], container: TAS, noBareCount: true },
  // Produits laitiers
  { accept: [OEUFS[1]], forms: ['œufs', 'oeufs'], container: ['plateau', 'plateaux'], containerOnly: true, weight: 2 },
  { accept: [OEUFS[1]], forms: ["plateau d'œufs", "plateau d'oeufs", 'plateau de 30 oeufs'] },
  { accept: [OEUFS[0]], forms: ['oeufs', 'œufs', 'oeuf'], bareAccept: OEUFS, weight: 2 },
  { accept: [LAIT_POUDRE[0]], forms: ['lait Nido', 'Nido 400g', 'lait en poudre Nido'], container: BOITE },
  { accept: [LAIT_POUDRE[1]], forms: ['lait Cowbell', 'Cowbell', 'lait en poudre sachet'], container: SACHET },
  { accept: LAIT_POUDRE, forms: ['lait en poudre'] },
  { accept: ['Lait concentré sucré, boîte 397 g'], forms: ['lait concentré', 'lait concentré sucré'], container: BOITE },
  { accept: ['Lait UHT demi-écrémé, brique 1 L'], forms: ['lait UHT', 'lait demi-écrémé', 'lait UHT 1L'], container: ['brique', 'briques'] },
  { accept: ['Yaourts, pack de 4'], forms: ['yaourts', 'yaourt'], container: ['pack', 'packs'] },
  { accept: ['Fromage fondu, boîte 8 portions'], forms: ['Vache qui rit', 'La vache qui rit', 'fromage fondu'], container: BOITE },
  { accept: ['Beurre doux, plaquette 250 g'], forms: ['beurre', 'beurre doux'], container: ['plaquette', 'plaquettes'] },
  { accept: ['Crème fraîche épaisse, pot 20 cl'], forms: ['crème fraîche', 'crème fraîche Président', 'crème fraîche épaisse'], container: ['pot', 'pots'] },
  { accept: ['Crème dessert vanille, pack de 4'], forms: ['Danette', 'Danette vanille', 'crème dessert vanille'], container: ['pack', 'packs'] },
  // Viande et poisson
  { accept: [POULET[0]], forms: ['cuisses de poulet', 'cuisses poulet', 'cuisse de poulet', 'poulet congelé'], measure: 'kg', weight: 2 },
  { accept: ['Cuisses de poulet congelées, carton ~10 kg'], forms: ['carton de cuisses de poulet', 'carton poulet', 'carton cuisses de poulet 10kg'] },
  { accept: POULET, forms: ['poulet'], measure: 'kg' },
  { accept: ['Ailes de dinde congelées, carton'], forms: ['ailes de dinde', 'carton ailes de dinde'] },
  { accept: ['Cotis de porc (au kg)'], forms: ['cotis de porc', 'cotis'], measure: 'kg' },
  { accept: ['Queue de bœuf (au kg)'], forms: ['queue de bœuf', 'queue de boeuf'], measure: 'kg' },
  { accept: [BOEUF[0]], forms: ['viande de bœuf sans os', 'boeuf sans os', 'viande sans os'], measure: 'kg' },
  { accept: [BOEUF[1]], forms: ['viande avec os', 'boeuf avec os'], measure: 'kg' },
  { accept: BOEUF, forms: ['viande de bœuf', 'viande de boeuf', 'boeuf'], measure: 'kg' },
  { accept: ['Porc frais (au kg)'], forms: ['porc', 'viande de porc', 'porc frais'], measure: 'kg' },
  { accept: ['Poulet de chair local (au kg)'], forms: ['poulet de chair', 'poulet local', 'poulet du pays'], measure: 'kg' },
  { accept: ['Capitaine frais (au kg)'], forms: ['capitaine', 'poisson capitaine', 'capitaine frais'], measure: 'kg' },
  { accept: ['Bar frais (au kg)'], forms: ['poisson bar', 'bar frais'], measure: 'kg' },
  { accept: ['Sole / dorade grise (au kg)'], forms: ['sole', 'dorade', 'dorade grise'], measure: 'kg' },
  { accept: ['Mâchoiron (au kg)'], forms: ['mâchoiron', 'machoiron'], measure: 'kg' },
  { accept: ['Carpe / tilapia (au kg)'], forms: ['carpe', 'tilapia'], measure: 'kg' },
  { accept: ['Thon / mulet petit (au kg)'], forms: ['mulet', 'petit thon'], measure: 'kg' },
  { accept: ['Crevettes / crustacés (au kg)'], forms: ['crevettes', 'crevette'], measure: 'kg' },
  { accept: ['Chinchard / maquereau congelé (au kg)'], forms: ['chinchard', 'maquereau', 'maquereau congelé'], measure: 'kg' },
  // Boulangerie
  { accept: [PAIN[0]], forms: ['baguette', 'baguettes', 'baguette de pain'], weight: 2 },
  { accept: PAIN, forms: ['pain'] },
  { accept: [PAIN[1]], forms: ['petite baguette', 'petites baguettes'] },
  { accept: ["Beignet (« gâteau ») à l'unité"], forms: ['beignets', 'beignet'] },
  { accept: ['Pain de mie, paquet'], forms: ['pain de mie'], container: PAQUET },
  { accept: ['Croissant'], forms: ['croissants', 'croissant'] },
  // Boissons
  { accept: [REGAB[0]], forms: ['Régab 65cl', 'Regab 65 cl', 'grande Régab'], container: BOUTEILLE },
  { accept: [REGAB[1]], forms: ['Régab 33cl', 'petite Régab', 'Regab 33 cl'], container: BOUTEILLE },
  { accept: REGAB, forms: ['Régab', 'Regab', 'bière Régab'], weight: 2 },
  { accept: ['Bière Castel, bouteille 65 cl'], forms: ['Castel', 'bière Castel', 'Castel 65cl'] },
  { accept: ['Bière 33 Export, bouteille 65 cl'], forms: ['33 Export', 'bière 33 Export'], noLeadingCount: true },
  { accept: [ANDZA[0]], forms: ['Andza 1,5L', 'eau Andza 1.5 L', 'eau minérale Andza 1,5 L'], container: BOUTEILLE },
  { accept: [ANDZA[1]], forms: ['pack Andza', "pack d'eau Andza", 'pack eau Andza 6x1,5L'] },
  { accept: ANDZA, forms: ['eau Andza', 'Andza', 'eau minérale'] },
  { accept: ['Coca-Cola, bouteille verre consignée'], forms: ['Coca', 'Coca-Cola', 'coca cola'] },
  { accept: [DJINO[0]], forms: ['Djino 1,5L', 'Djino 1.5 L', 'grand Djino'], container: BOUTEILLE },
  { accept: [DJINO[1]], forms: ['Djino 50cl', 'petit Djino', 'Djino 50 cl'] },
  { accept: DJINO, forms: ['Djino'] },
  { accept: [ORANGINA[0]], forms: ['Orangina light', 'Orangina Light 1,5L'] },
  { accept: [ORANGINA[1]], forms: ['Orangina 50cl', 'petit Orangina'] },
  { accept: ORANGINA, forms: ['Orangina'] },
  { accept: ['Jus de fruits, brique 1 L'], forms: ['jus de fruits', 'jus de fruit', 'jus de fruits 1L'], container: ['brique', 'briques'] },
  // Hygiène et ménage
  { accept: [SAVON[0]], forms: ['savon de toilette', 'savon toilette', 'savonnette'] },
  { accept: ['Dentifrice, tube 75 mL'], forms: ['dentifrice', 'Colgate', 'dentifrice Colgate'], container: ['tube', 'tubes'] },
  { accept: ['Papier hygiénique, paquet 4 rouleaux'], forms: ['papier hygiénique', 'papier toilette', 'PQ'], container: PAQUET },
  { accept: ['Serviettes hygiéniques, paquet 10'], forms: ['serviettes hygiéniques', 'Nana', 'serviettes Nana'], container: PAQUET },
  { accept: ['Gel douche, flacon 250 mL'], forms: ['gel douche', 'gel de douche'] },
  { accept: [SAVON[1]], forms: ['savon de ménage', 'savon de Marseille', 'savon ménage'] },
  { accept: SAVON, forms: ['savon'] },
  { accept: ['Lessive en poudre, sachet 1 kg'], forms: ['Omo', 'lessive', 'lessive Omo', 'lessive en poudre'], container: SACHET, weight: 2 },
  { accept: ['Eau de Javel, bouteille 1 L'], forms: ['eau de Javel', 'Javel', 'javel 1L'], container: BOUTEILLE },
  { accept: ['Liquide vaisselle, flacon 500 mL'], forms: ['liquide vaisselle', 'produit vaisselle'] },
  { accept: ['Insecticide aérosol 400 mL'], forms: ['insecticide', 'bombe insecticide'] },
  { accept: ['Gaz butane, recharge bouteille 12,5 kg'], forms: ['bouteille de gaz', 'recharge gaz', 'gaz butane'] },
  { accept: ['Pétrole lampant (au litre)'], forms: ['pétrole', 'pétrole lampant'], measure: 'litre' },
  { accept: ['Sac de caisse (sachet plastique)'], forms: ['sachets plastiques', 'sacs plastique'] },
];

/** Things people buy that the catalogue does not have: they must come back as manual items. */
type ManualSpec = { name: string; measure?: Measure; container?: [string, string] };
export const MANUAL: ManualSpec[] = [
  { name: 'allumettes', container: ['boîte', 'boîtes'] },
  { name: 'bougies', container: PAQUET },
  { name: 'piles AA' },
  { name: 'éponge' },
  { name: 'gingembre', measure: 'kg' },
  { name: 'ail' },
  { name: 'carottes', measure: 'kg' },
  { name: 'chou' },
  { name: 'aubergines', measure: 'kg' },
  { name: 'poivre noir' },
  { name: 'vinaigre', container: BOUTEILLE },
  { name: 'moutarde', container: ['pot', 'pots'] },
  { name: 'cure-dents' },
  { name: 'charbon de bois', container: ['sac', 'sacs'] },
  { name: "pâte d'arachide", container: ['pot', 'pots'] },
  { name: 'noix de coco' },
  { name: 'couches bébé', container: PAQUET },
  { name: 'mouchoirs', container: PAQUET },
  { name: 'café moulu', container: PAQUET },
  { name: 'thé Lipton', container: BOITE },
  { name: 'gombo', measure: 'kg' },
  { name: 'citrons' },
  { name: 'mangues' },
  { name: 'safous' },
  { name: 'odika' },
  { name: 'lait de coco', container: BOITE },
  { name: "huile d'olive", container: BOUTEILLE },
  { name: 'papier alu' },
  { name: 'sacs poubelle', container: ['rouleau', 'rouleaux'] },
  { name: 'cirage' },
];

export const HEADINGS = [
  'Liste de courses', 'LISTE DES COURSES', 'Courses de la semaine', 'Courses du samedi 14/06', 'Pour le marché',
  'Marché Mont-Bouët', 'À acheter :', 'Courses Mbolo', 'Anniversaire de Keren', 'Liste pour la maison', 'Courses fin du mois',
];
export const SECTIONS = ['Épicerie', 'Boissons :', 'Frais', 'Hygiène', 'Au marché', 'Ménage :', 'Boulangerie', 'Divers'];
export const NOTES = [
  'budget : 30 000 F', 'ne pas oublier la monnaie', 'rappeler tantine Brigitte', 'merci !', 'Total : 24 500 FCFA',
  'payer par Airtel Money', 'livraison avant 18h', '(voir les promos)', 'Samedi 14 juin', 'NB : prendre le moins cher',
];

/** What a line of a list means. */
export type Truth =
  | { kind: 'product'; accept: string[]; quantity: number; quantityAlt?: number }
  | { kind: 'manual'; name: string; quantity: number; quantityAlt?: number }
  | { kind: 'none' };

/** One written line; `name`, `amount` and `unit` are the columns a spreadsheet export would have. */
export type ListLine = { text: string; truth: Truth; name?: string; amount?: string; unit?: string };
export type ShoppingList = { seed: number; lines: ListLine[] };

type Random = () => number;
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)];
const chance = (random: Random, p: number) => random() < p;

function pickWeighted(random: Random, specs: Spec[]): Spec {
  const total = specs.reduce((sum, s) => sum + (s.weight ?? 1), 0);
  let target = random() * total;
  for (const spec of specs) {
    target -= spec.weight ?? 1;
    if (target < 0) return spec;
  }
  return specs[specs.length - 1];
}

const NUMBER_WORDS: Record<number, string> = { 1: 'un', 2: 'deux', 3: 'trois', 4: 'quatre', 5: 'cinq', 6: 'six', 10: 'dix', 12: 'douze' };
const FEMININE_CONTAINERS = new Set(['boîte', 'bouteille', 'brique', 'botte', 'plaquette']);

type CountStyle = 'lead' | 'leadx' | 'trailx' | 'paren' | 'colon' | 'dash' | 'word';
const COUNT_STYLES: CountStyle[] = ['lead', 'lead', 'leadx', 'trailx', 'trailx', 'paren', 'colon', 'dash', 'word'];

/** How one person writes: drawn once per list, so that a list is consistent with itself. */
export type Writer = {
  bullet: string;
  countStyles: CountStyle[];
  lower: boolean;
  stripAccents: boolean;
  /** Probability that an item carries an explicit quantity. */
  quantityRate: number;
  /** "x2" or "x 2" or "×2". */
  times: string;
};

const BULLETS = ['', '', '- ', '• ', '* ', '#. ', '#) ', '☐ ', '[ ] ', '□ ', '✓ ', '→ ', '– '];

export function drawWriter(random: Random): Writer {
  const first = pick(random, COUNT_STYLES);
  return {
    bullet: pick(random, BULLETS),
    countStyles: chance(random, 0.5) ? [first] : [first, pick(random, COUNT_STYLES)],
    lower: chance(random, 0.45),
    stripAccents: chance(random, 0.4),
    quantityRate: 0.45 + random() * 0.45,
    times: pick(random, ['x', 'x', 'x ', '×', 'X']),
  };
}

const fold = (text: string) => foldAccents(text).toLowerCase();

export const foldAccents = (text: string) =>
  text.replace(/œ/g, 'oe').replace(/Œ/g, 'Oe').normalize('NFD').replace(/[\u0300-\u036f]/g, '').normalize('NFC');

function styleName(writer: Writer, form: string): string {
  let text = form;
  if (writer.stripAccents) text = foldAccents(text);
  if (writer.lower) text = text.toLowerCase();
  return text;
}

function count(random: Random): number {
  return pick(random, [1, 1, 2, 2, 2, 3, 3, 4, 5, 6, 10, 12]);
}

/** "de " or "d'" before the name. */
const de = (name: string) => (/^[aeiouyhéèœ]/i.test(foldAccents(name)) ? "d'" : 'de ');

function countLine(random: Random, writer: Writer, name: string, n: number, noLead: boolean): string {
  let style = pick(random, writer.countStyles);
  if (noLead && (style === 'lead' || style === 'leadx')) style = 'trailx';
  if (style === 'word' && (n < 2 || !NUMBER_WORDS[n])) style = 'lead';
  switch (style) {
    case 'lead':
      return `${n} ${name}`;
    case 'leadx':
      return `${n}${writer.times.trim()} ${name}`;
    case 'trailx':
      return `${name} ${writer.times}${n}`;
    case 'paren':
      return `${name} (${n})`;
    case 'colon':
      return `${name} : ${n}`;
    case 'dash':
      return `${name} - ${n}`;
    case 'word':
      return `${NUMBER_WORDS[n]} ${name}`;
  }
}

type Written = { text: string; quantity: number; quantityAlt?: number; amount?: string; unit?: string; explicit: boolean; container?: boolean };

function writeQuantity(random: Random, writer: Writer, spec: { measure?: Measure; container?: [string, string]; containerOnly?: boolean; noBareCount?: boolean; unitRequired?: boolean; noLeadingCount?: boolean }, name: string): Written {
  const measure = spec.measure ?? 'count';
  const explicit = spec.containerOnly || spec.unitRequired || chance(random, writer.quantityRate);
  if (!explicit) return { text: name, quantity: 1, explicit: false };
  const containerOnly = spec.containerOnly || spec.noBareCount;
  // "2 bidons de bidon Cuisin'Or" is not how anyone writes: no container before a name that has one.
  const hasContainer = spec.container && !fold(name).includes(fold(spec.container[0]));
  if (!hasContainer && spec.noBareCount) return { text: name, quantity: 1, explicit: false };
  if (hasContainer && spec.container && (containerOnly || chance(random, measure === 'count' ? 0.35 : 0.25))) {
    const n = pick(random, [1, 1, 2, 2, 3, 4, 5, 6]);
    const [one, many] = spec.container;
    const word = n === 1 ? one : many;
    const numeral = n === 1 && FEMININE_CONTAINERS.has(one) ? pick(random, ['1', 'une']) : n === 1 ? pick(random, ['1', 'un']) : chance(random, 0.2) && NUMBER_WORDS[n] ? NUMBER_WORDS[n] : String(n);
    return { text: `${numeral} ${word} ${de(name)}${name}`, quantity: n, amount: String(n), unit: word, explicit: true, container: true };
  }
  if (measure === 'kg') {
    const r = random();
    if (r < 0.1) return { text: pick(random, [`½ kg ${name}`, `1/2 kg de ${name}`, `${name} 500g`]), quantity: 1, amount: '0,5', unit: 'kg', explicit: true };
    // 1,5 kg of a product sold by the kg: 2 (rounded up) or 1 are both fair for a whole quantity.
    if (r < 0.18 && !spec.container) return { text: pick(random, [`1,5 kg ${de(name)}${name}`, `${name} 1,5kg`]), quantity: 2, quantityAlt: 1, amount: '1,5', unit: 'kg', explicit: true };
    const n = pick(random, [1, 1, 2, 2, 3, 4, 5]);
    const text = pick(random, [`${n} kg ${name}`, `${n}kg ${name}`, `${n} kg ${de(name)}${name}`, `${name} ${n}kg`, `${name} ${n} kg`, `${name} (${n} kg)`]);
    return { text, quantity: n, amount: String(n), unit: 'kg', explicit: true };
  }
  if (measure === 'litre') {
    const n = pick(random, [1, 2, 3, 5]);
    const text = pick(random, [`${n} L ${de(name)}${name}`, `${name} ${n} litres`, `${n}L ${name}`, `${name} ${n}L`]);
    return { text, quantity: n, amount: String(n), unit: 'L', explicit: true };
  }
  const n = count(random);
  return { text: countLine(random, writer, name, n, Boolean(spec.noLeadingCount)), quantity: n, amount: String(n), explicit: true };
}

function productLine(random: Random, writer: Writer, spec: Spec): ListLine {
  const name = styleName(writer, pick(random, spec.forms));
  const written = writeQuantity(random, writer, spec, name);
  const accept = written.container && spec.containerAccept ? spec.containerAccept : !written.explicit && spec.bareAccept ? [...new Set([...spec.accept, ...spec.bareAccept])] : spec.accept;
  return { text: styleName(writer, written.text), truth: { kind: 'product', accept, quantity: written.quantity, quantityAlt: written.quantityAlt }, name, amount: written.amount, unit: written.unit };
}

function manualLine(random: Random, writer: Writer, spec: ManualSpec): ListLine {
  const name = styleName(writer, spec.name);
  const written = writeQuantity(random, writer, spec, name);
  // "3 kg de carottes" off the catalogue: quantity 3, or 1 item named "carottes 3 kg", are both fair.
  if (written.unit === 'kg' || written.unit === 'L') written.quantityAlt = 1;
  return { text: styleName(writer, written.text), truth: { kind: 'manual', name: spec.name, quantity: written.quantity, quantityAlt: written.quantityAlt }, name, amount: written.amount, unit: written.unit };
}

/** A few fixed lines that people really write and that a parser must understand whole. */
function specialLine(random: Random, writer: Writer): ListLine {
  const lines: ListLine[] = [
    { text: "une douzaine d'oeufs", truth: { kind: 'product', accept: [OEUFS[0]], quantity: 12 }, name: 'oeufs', amount: '12' },
    { text: '6 oeufs', truth: { kind: 'product', accept: [OEUFS[0]], quantity: 6 }, name: 'oeufs', amount: '6' },
    { text: '2 Djino 1,5L', truth: { kind: 'product', accept: [DJINO[0]], quantity: 2 }, name: 'Djino 1,5L', amount: '2' },
    { text: '1 huile 1L', truth: { kind: 'product', accept: ['Huile végétale Lissoir, 1 L'], quantity: 1 }, name: 'huile 1L', amount: '1' },
    { text: '3 boîtes de sardines', truth: { kind: 'product', accept: ["Sardines à l'huile, boîte 125 g"], quantity: 3 }, name: 'sardines', amount: '3', unit: 'boîtes' },
    { text: '2 kg riz', truth: { kind: 'product', accept: [RIZ[2]], quantity: 2 }, name: 'riz', amount: '2', unit: 'kg' },
    { text: 'riz x2', truth: { kind: 'product', accept: RIZ, quantity: 2 }, name: 'riz', amount: '2' },
    { text: "Huile de palme 5L", truth: { kind: 'product', accept: [PALME[2]], quantity: 1 }, name: 'Huile de palme 5L' },
    { text: 'un pack de 6 Andza', truth: { kind: 'product', accept: [ANDZA[1]], quantity: 1 }, name: 'pack de 6 Andza', amount: '1' },
    { text: '10 cubes Maggi', truth: { kind: 'product', accept: ["Bouillon cube (à l'unité)"], quantity: 10 }, name: 'cubes Maggi', amount: '10' },
  ];
  const line = pick(random, lines);
  const text = styleName(writer, line.text);
  return { ...line, text, name: line.name ? styleName(writer, line.name) : undefined };
}

export type ListShape = { minItems: number; maxItems: number; headings: boolean; notes: boolean };

/** One shopping list: a heading maybe, items (some not in the catalogue), sections and notes maybe. */
export function generateList(seed: number, random: Random, writer: Writer, shape: ListShape): ShoppingList {
  const n = shape.minItems + Math.floor(random() * (shape.maxItems - shape.minItems + 1));
  const manualCount = Math.min(n - 1, Math.floor(random() * 3) + (chance(random, 0.3) ? 1 : 0));
  const items: ListLine[] = [];
  const usedProducts = new Set<string>();
  const usedManual = new Set<string>();
  let guard = 0;
  while (items.length < n - manualCount && guard++ < 500) {
    const line = chance(random, 0.08) ? specialLine(random, writer) : productLine(random, writer, pickWeighted(random, SPECS));
    // The same product twice in one list would make the scoring ambiguous.
    const truth = line.truth as Extract<Truth, { kind: 'product' }>;
    if (truth.accept.some((a) => usedProducts.has(a))) continue;
    truth.accept.forEach((a) => usedProducts.add(a));
    items.push(line);
  }
  while (items.length < n && guard++ < 1000) {
    const spec = pick(random, MANUAL);
    if (usedManual.has(spec.name)) continue;
    usedManual.add(spec.name);
    items.splice(Math.floor(random() * (items.length + 1)), 0, manualLine(random, writer, spec));
  }

  const none = (text: string): ListLine => ({ text, truth: { kind: 'none' } });
  const lines: ListLine[] = [];
  if (shape.headings && chance(random, 0.7)) lines.push(none(pick(random, HEADINGS)));
  const sections = shape.headings && chance(random, 0.2) ? [...SECTIONS].sort(() => random() - 0.5).slice(0, 2) : [];
  let number = 1;
  items.forEach((item, i) => {
    if (sections.length === 2 && (i === 0 || i === Math.floor(items.length / 2))) lines.push(none(sections[i === 0 ? 0 : 1]));
    let bullet = writer.bullet.replace('#', String(number++));
    // Ticked boxes: the writer crossed off a few, still items of the list.
    if ((bullet === '☐ ' || bullet === '□ ') && chance(random, 0.2)) bullet = '☑ ';
    if (bullet === '[ ] ' && chance(random, 0.2)) bullet = '[x] ';
    lines.push({ ...item, text: `${bullet}${item.text}` });
  });
  if (shape.notes && chance(random, 0.45)) {
    const note = none(pick(random, NOTES));
    if (chance(random, 0.5)) lines.push(note);
    else lines.splice(1 + Math.floor(random() * (lines.length - 1)), 0, note);
  }
  return { seed, lines };
}

/** Every catalogue name the truth refers to (checked against the database before scoring). */
export function referencedProducts(): string[] {
  return [...new Set([...SPECS.flatMap((s) => [...s.accept, ...(s.bareAccept ?? [])]), OEUFS[0], DJINO[0], PALME[2], ANDZA[1]])];
}
