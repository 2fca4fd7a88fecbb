// OpenStreetMap stores through the Overpass API: the query for food shops in an area and the parsing
// of its JSON answer into ExternalStore rows. The HTTP call is injected (fetch), so the parsing is
// tested offline and a deployment with internet access can run a real import.
import type { BoundingBox, ExternalStore, StoreSource } from './store-import';

export const OVERPASS_ENDPOINT = 'https://overpass-api.de/api/interpreter';

/** OSM shop kinds that sell groceries. */
const SHOP_KINDS = ['supermarket', 'convenience', 'greengrocer', 'butcher', 'general', 'grocery', 'wholesale', 'department_store'];

type OverpassElement = {
  type: 'node' | 'way' | 'relation';
  id: number;
  lat?: number;
  lon?: number;
  center?: { lat: number; lon: number };
  tags?: Record<string, string>;
};

export function overpassQuery(area: BoundingBox): string {
  const box = `${area.south},${area.west},${area.north},${area.east}`;
  const kinds = `^(${SHOP_KINDS.join('|')})$`;
  return [
    '[out:json][timeout:60];',
    '(',
    `  node["shop"~"${kinds}"]["name"](${box});`,
    `  way["shop"~"${kinds}"]["name"](${box});`,
    `  node["amenity"="marketplace"]["name"](${box});`,
    `  way["amenity"="marketplace"]["name"](${box});`,
    ');',
    'out center tags;',
  ].join('\n');
}

function addressOf(tags: Record<string, string>): string {
  const street = [tags['addr:housenumber'], tags['addr:street']].filter(Boolean).join(' ');
  return [street, tags['addr:suburb'] ?? tags['addr:neighbourhood'], tags['addr:city']].filter(Boolean).join(', ');
}

export function parseOverpass(body: unknown): ExternalStore[] {
  const elements = (body as { elements?: OverpassElement[] } | null)?.elements;
  if (!Array.isArray(elements)) return [];
  const result: ExternalStore[] = [];
  for (const element of elements) {
    const tags = element.tags ?? {};
    const name = tags.name?.trim();
    const latitude = element.lat ?? element.center?.lat;
    const longitude = element.lon ?? element.center?.lon;
    if (!name || typeof latitude !== 'number' || typeof longitude !== 'number') continue;
    result.push({
      externalId: `${element.type}/${element.id}`,
      name,
      address: addressOf(tags),
      city: tags['addr:city'] ?? null,
      district: tags['addr:suburb'] ?? tags['addr:neighbourhood'] ?? null,
      chain: tags.brand ?? tags.operator ?? null,
      latitude,
      longitude,
      phone: tags.phone ?? tags['contact:phone'] ?? null,
      openingHours: tags.opening_hours ? { osm: tags.opening_hours } : {},
    });
  }
  return result;
}

export function overpassSource(options: { fetch: typeof fetch; endpoint?: string }): StoreSource {
  return {
    name: 'osm',
    async fetchStores(area) {
      const response = await options.fetch(options.endpoint ?? OVERPASS_ENDPOINT, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ data: overpassQuery(area) }).toString(),
      });
      if (!response.ok) throw new Error(`Overpass a répondu ${response.status}`);
      return parseOverpass(await response.json());
    },
  };
}
