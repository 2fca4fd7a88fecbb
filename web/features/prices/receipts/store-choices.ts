// What the contribute page knows of the stores around the user, handed to the modes that pick a store.
import type { Place } from '#contract/stores';
import type { LatLng } from '../../../lib/geolocation';

export type StoreChoices = { position: LatLng | null; tileUrl: string | undefined; places: Place[]; placesLoading: boolean };

export type ChosenStore = { id: string; name: string };
