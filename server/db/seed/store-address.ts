// The seed stores' addresses as a shopper reads them. The public sources behind stores.json left
// notes in the data ("(adresse exacte non publiée dans la source)", "Adresse non trouvée dans les
// sources", a district "Non vérifié (position = centre-ville par défaut)"): they are for whoever
// checks the data (kept in source_note), not for the store's card.

type SeedStore = { address: string; district: string | null; city: string | null };

const NO_ADDRESS = /^adresse non trouvée/i;
const UNVERIFIED_DISTRICT = /^non vérifié/i;

/** The district, or null when the sources did not know it. */
export function shownDistrict(district: string | null): string | null {
  return district && !UNVERIFIED_DISTRICT.test(district) ? district : null;
}

/** The address without the sources' remarks in brackets; the district and city when there is none. */
export function shownAddress({ address, district, city }: SeedStore): string {
  const cleaned = address.replace(/\s*\([^)]*\)/g, '').trim();
  if (cleaned && !NO_ADDRESS.test(cleaned)) return cleaned;
  return [shownDistrict(district), city].filter(Boolean).join(', ');
}
