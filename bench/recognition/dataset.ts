// The benchmark's photos, each with its truth: packets of catalogue products with a barcode, the
// same without one (the label alone), and objects the catalogue does not have (some sharing a word
// or a size with a catalogue product: another maker's oil, beer or sardines). Seeded: the same on
// every run.
import { gs1CheckDigit } from '#contract/barcodes';
import { readSize } from '../../server/features/imports/line-parser';
import { seededRandom } from '../../server/platform/random';
import type { GeneratedFormat } from '../../server/test/barcodes';
import type { PackLabel, PackshotScene } from '../../server/test/packshots';

export type CatalogueProduct = { id: string; name: string; brand: string | null };
export type BenchKind = 'barcode' | 'label' | 'unknown';
export type BenchCase = { id: string; kind: BenchKind; scene: PackshotScene; productId: string | null; description: string };

type Random = () => number;
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)];
const between = (random: Random, low: number, high: number) => low + random() * (high - low);

const EXTRAS = [
  'Qualité supérieure',
  'Produit importé',
  'Nouveau',
  'Goût authentique',
  'Conserver au sec',
  'Riche en vitamines',
  'Fabriqué au Gabon',
  'Recette traditionnelle',
  'Prix spécial',
];

/** The brand as a packet prints it: the catalogue's brand without its maker in parentheses. */
export const printedBrand = (brand: string | null) => (brand ? brand.replace(/\s*\(.*?\)\s*/g, ' ').split(' / ')[0].trim() : null);

const PACK_WORDS = /\b(?:bouteille|boîte|boite|sachet|paquet|pot|brique|flacon|tube|plaquette|bidon|sac|pack|pain|grande|morceau|recharge)\b/gi;

/** What a catalogue product's packet says: its brand, its name without brand, pack and size, its size. */
export function labelOf(product: CatalogueProduct, random: Random): PackLabel {
  const brand = printedBrand(product.brand);
  const sized = readSize(product.name);
  const sizeMatch = /(\d+(?:,\d+)?)\s*(kg|g|L|cl|mL)\b/.exec(product.name);
  let name = product.name.split(',')[0].replace(/\(.*?\)/g, ' ');
  if (brand) for (const word of brand.split(/\s+/)) name = name.replace(new RegExp(`\\b${word.replace(/[.*+?^${}()|[\]\\']/g, '.')}\\b`, 'i'), ' ');
  name = name.replace(PACK_WORDS, ' ').replace(/\s+/g, ' ').trim();
  const words = name.split(' ');
  const lines = words.length > 2 && name.length > 14 ? [words.slice(0, Math.ceil(words.length / 2)).join(' '), words.slice(Math.ceil(words.length / 2)).join(' ')] : [name];
  const extra = random() < 0.6 ? [pick(random, EXTRAS)] : [];
  // A multipack says so on its wrapping.
  const pack = /\b(pack|plateau|paquet) (?:de )?(\d+)/i.exec(product.name);
  if (pack) extra.unshift(`${pack[1].charAt(0).toUpperCase()}${pack[1].slice(1)} de ${pack[2]}`);
  return { brand, name: lines.filter(Boolean), size: sized && sizeMatch ? `${sizeMatch[1]} ${sizeMatch[2]}` : null, extra };
}

/** Packets of brands the catalogue does not have; some share a kind or a size with a catalogue product. */
export const UNKNOWN_PACKETS: PackLabel[] = [
  { brand: 'Nescafé', name: ['Café soluble', 'Classic'], size: '100 g' },
  { brand: 'Lipton', name: ['Thé noir', 'Yellow Label'], size: '50 g', extra: ['25 sachets'] },
  { brand: 'Heineken', name: ['Bière blonde'], size: '33 cl' },
  { brand: 'Puget', name: ["Huile d'olive", 'vierge extra'], size: '1 L' },
  { brand: 'Guigoz', name: ['Lait infantile', '1er âge'], size: '800 g' },
  { brand: 'Tropicana', name: ["Jus d'orange", 'sans pulpe'], size: '1 L' },
  { brand: 'Duracell', name: ['Piles alcalines', 'AA'], size: null, extra: ['Longue durée'] },
  { brand: 'Saupiquet', name: ['Sardines', 'à la tomate'], size: '135 g' },
  { brand: 'Nutella', name: ['Pâte à tartiner', 'noisettes cacao'], size: '400 g' },
  { brand: 'Kiri', name: ['Fromage à la crème', '6 portions'], size: '100 g' },
  { brand: 'Dettol', name: ['Savon', 'antibactérien'], size: '90 g' },
  { brand: 'Ariel', name: ['Lessive liquide', 'Fraîcheur'], size: '1,5 L' },
  { brand: 'Signal', name: ['Dentifrice', 'Blancheur'], size: '75 mL' },
  { brand: 'Knorr', name: ['Bouillon', 'saveur poulet'], size: '80 g' },
  { brand: 'Pampers', name: ['Couches bébé', 'taille 4'], size: null },
  { brand: 'Ovomaltine', name: ['Boisson chocolatée', 'en poudre'], size: '400 g' },
  { brand: 'Cirio', name: ['Tomates pelées', 'entières'], size: '400 g' },
  { brand: 'Bic', name: ['Briquets', 'Maxi'], size: null, extra: ['Lot de 3'] },
  { brand: 'Vimto', name: ['Boisson gazeuse', 'aux fruits'], size: '33 cl' },
  { brand: 'Mont Blanc', name: ['Crème dessert', 'chocolat'], size: '570 g' },
];

/** A valid EAN-13 (or EAN-8 / UPC-A) that no real product is likely to carry: prefix 2 is for internal use. */
export function benchGtin(index: number, format: GeneratedFormat): string {
  const body =
    format === 'EAN-8' ? `2${String(100_000 + index * 37).slice(-6)}` : format === 'UPC-A' ? `2${String(7_000_000_000 + index * 7919).slice(-10)}` : `20${String(3_000_000_000 + index * 104_729).slice(-10)}`;
  return body + gs1CheckDigit(body);
}

function photoScene(random: Random, seed: number): Omit<PackshotScene, 'label'> {
  return {
    seed,
    tilt: between(random, -12, 12),
    blur: between(random, 0.3, 1.1),
    quality: Math.round(between(random, 55, 88)),
    share: between(random, 0.65, 0.92),
    plain: random() < 0.15,
    width: random() < 0.5 ? 1280 : 1600,
    height: random() < 0.5 ? 960 : 1200,
  };
}

/** Barcoded packets of `coded` (product → its barcode), label-only packets of `labelled`, and unknown objects. */
export function buildCases(coded: { product: CatalogueProduct; gtin: string; format: GeneratedFormat }[], labelled: CatalogueProduct[], unknownCount: number): BenchCase[] {
  const cases: BenchCase[] = [];
  coded.forEach(({ product, gtin, format }, i) => {
    const random = seededRandom(1000 + i);
    const scene = photoScene(random, 1000 + i);
    cases.push({ id: `code-${i + 1}`, kind: 'barcode', scene: { ...scene, label: labelOf(product, random), barcode: { text: gtin, format } }, productId: product.id, description: `${product.name} (${format} ${gtin})` });
  });
  labelled.forEach((product, i) => {
    const random = seededRandom(2000 + i);
    const scene = photoScene(random, 2000 + i);
    cases.push({ id: `label-${i + 1}`, kind: 'label', scene: { ...scene, label: labelOf(product, random) }, productId: product.id, description: product.name });
  });
  for (let i = 0; i < unknownCount; i++) {
    const random = seededRandom(3000 + i);
    const label = UNKNOWN_PACKETS[i % UNKNOWN_PACKETS.length];
    const scene = photoScene(random, 3000 + i);
    // Half of them carry a barcode the catalogue does not know.
    const barcode = i % 2 === 0 ? { text: benchGtin(900 + i, 'EAN-13'), format: 'EAN-13' as const } : null;
    cases.push({ id: `unknown-${i + 1}`, kind: 'unknown', scene: { ...scene, label, barcode }, productId: null, description: `${label.brand} ${label.name.join(' ')}${barcode ? ` (code ${barcode.text})` : ''}` });
  }
  return cases;
}
