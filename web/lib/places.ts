// Places (stores near a point, stores by name) from our own API, for maps and shop pickers.
import type { PlacesResponse } from '#contract/stores';
import { api } from './api';

type LatLng = { latitude: number; longitude: number };

/** `radius` as the API reads it: 5 is 5 km, 5000 is 5000 m. */
export async function fetchNearbyStores(position: LatLng, radius: number) {
  return (await api.get<PlacesResponse>('/places/nearby-stores', { query: { latitude: position.latitude, longitude: position.longitude, radius } })).stores;
}

export async function fetchStoresByName(query: string, position: LatLng, radius: number) {
  return (await api.get<PlacesResponse>('/places/search-stores', { query: { query, latitude: position.latitude, longitude: position.longitude, radius } })).stores;
}

export const placesKeys = {
  nearby: (position: LatLng, radius: number) => ['places', 'nearby', position.latitude.toFixed(4), position.longitude.toFixed(4), radius] as const,
};
