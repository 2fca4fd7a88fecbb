// Where an order goes, told without saying where exactly. The customer's district is not stored:
// the delivery position is snapped to the centre of a ~1 km cell, named after the nearest known
// store's district (or town), and distances are measured to that centre and rounded to 0.5 km — so
// asking from many positions (trilateration) never narrows the doorstep below the cell.
import { asc, isNotNull } from 'drizzle-orm';
import { fr } from '#contract/messages';
import type { DbOrTx } from '../../db/client';
import { stores } from '../../db/schema';
import { haversineKm, type LatLng } from '../../platform/geo';

/** Side of a cell in degrees (0.01° ≈ 1.1 km at the equator). */
export const AREA_CELL_DEGREES = 0.01;
export const DISTANCE_STEP_KM = 0.5;
/** A store's district names the cell when the store is this close; otherwise its town, within the next radius. */
const DISTRICT_RADIUS_KM = 2.5;
const TOWN_RADIUS_KM = 40;

export type AreaStore = LatLng & { id: string; city: string | null; district: string | null };

const round6 = (v: number) => Math.round(v * 1e6) / 1e6;

/** The centre of the cell that holds the point (in micro-degrees, so that 0.39 / 0.01 is 39, not 38.999…). */
export function cellOf(point: LatLng): LatLng {
  const micro = AREA_CELL_DEGREES * 1e6;
  const snap = (v: number) => round6(((Math.floor(Math.round(v * 1e6) / micro) + 0.5) * micro) / 1e6);
  return { latitude: snap(point.latitude), longitude: snap(point.longitude) };
}

/** The delivery cell of an order, when it has a position. */
export function deliveryCellOf(order: { latitude: number | null; longitude: number | null }): LatLng | null {
  return order.latitude === null || order.longitude === null ? null : cellOf({ latitude: order.latitude, longitude: order.longitude });
}

/** Kilometres rounded to the step, never shown as 0 (the cell is not the doorstep). */
export function roundedKm(km: number): number {
  return Math.max(DISTANCE_STEP_KM, Math.round(km / DISTANCE_STEP_KM) * DISTANCE_STEP_KM);
}

// Seed data marks unknown districts this way ("Non vérifié (position = centre-ville par défaut)").
const usableDistrict = (district: string | null) => (district && !/non v[ée]rifi/i.test(district) ? district.trim() : null);

function nearest(candidates: AreaStore[], cell: LatLng): { store: AreaStore; km: number } | null {
  let best: { store: AreaStore; km: number } | null = null;
  for (const store of candidates) {
    const km = haversineKm(cell, store);
    if (!best || km < best.km) best = { store, km };
  }
  return best;
}

/** "Glass (4e arr.), Libreville", "Environs de Owendo", or "Secteur non précisé". */
export function areaName(known: AreaStore[], cell: LatLng | null): string {
  const texts = fr.agentVetting;
  if (!cell) return texts.areaUnknown;
  const byDistrict = nearest(known.filter((s) => usableDistrict(s.district) && s.city), cell);
  if (byDistrict && byDistrict.km <= DISTRICT_RADIUS_KM) return texts.areaDistrict(usableDistrict(byDistrict.store.district)!, byDistrict.store.city!);
  const byTown = nearest(known.filter((s) => s.city), cell);
  if (byTown && byTown.km <= TOWN_RADIUS_KM) return texts.areaAround(byTown.store.city!);
  return texts.areaUnknown;
}

/** The stores that can name an area (those with a town). */
export async function loadAreaStores(db: DbOrTx): Promise<AreaStore[]> {
  return db
    .select({ id: stores.id, latitude: stores.latitude, longitude: stores.longitude, city: stores.city, district: stores.district })
    .from(stores)
    .where(isNotNull(stores.city))
    .orderBy(asc(stores.id));
}
