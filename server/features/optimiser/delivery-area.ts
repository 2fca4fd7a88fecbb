// The delivery area of a position: the stores within OPTIMISER.deliveryRadiusKm of it, where an
// agent may shop for a delivery there. One rule for the optimiser (which stores take part) and for
// checkout (which stores a cart, then a booking, may send an agent to).
import { OPTIMISER } from '#contract/constants';
import { haversineKm, type LatLng } from '../../platform/geo';

export function isInDeliveryArea(position: LatLng, store: LatLng): boolean {
  return haversineKm(position, store) <= OPTIMISER.deliveryRadiusKm;
}

/** The first of `stores` outside the delivery area of `position`, with its distance in km; null when every one is inside. */
export function firstStoreOutsideArea<S extends LatLng>(position: LatLng, stores: Iterable<S>): { store: S; distanceKm: number } | null {
  for (const store of stores) {
    if (!isInDeliveryArea(position, store)) return { store, distanceKm: haversineKm(position, store) };
  }
  return null;
}
