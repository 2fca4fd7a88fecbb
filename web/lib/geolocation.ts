// The browser's position for the catalogue prompt, /contribute, the store finder and the shop
// pickers: a watch (or one reading) with the spec's options, and its French error messages.
import { useCallback, useEffect, useRef, useState } from 'react';
import { DEFAULT_POSITION, LOCATION_WATCH } from '#contract/constants';
import { formatDecimal } from '#contract/format';
import { fr } from '#contract/messages';

export type LatLng = { latitude: number; longitude: number };
export type GeoStatus = 'idle' | 'locating' | 'granted' | 'denied' | 'unsupported';
export type GeoState = { status: GeoStatus; position: LatLng | null; error: string | null };

export { DEFAULT_POSITION };

const supported = () => typeof navigator !== 'undefined' && 'geolocation' in navigator;

/**
 * `enabled` starts the lookup at once; `request()` starts it later (an "Activer" button). With
 * `watch` the position follows the user; otherwise it is read once. `initial` (from a link's lat and
 * lng) counts as a known position until the browser gives a fresher one.
 */
export function useGeolocation({ enabled = true, watch = false, initial = null }: { enabled?: boolean; watch?: boolean; initial?: LatLng | null } = {}) {
  const [state, setState] = useState<GeoState>(() => ({ status: initial ? 'granted' : 'idle', position: initial, error: null }));
  const [active, setActive] = useState(enabled);
  const [attempt, setAttempt] = useState(0);
  const hasInitial = useRef(Boolean(initial));

  useEffect(() => setActive((a) => a || enabled), [enabled]);

  useEffect(() => {
    if (!active) return;
    if (!supported()) {
      setState((s) => ({ ...s, status: hasInitial.current ? s.status : 'unsupported', error: fr.location.unsupported }));
      return;
    }
    setState((s) => (s.position ? s : { ...s, status: 'locating', error: null }));
    const onPosition = (p: GeolocationPosition) =>
      setState({ status: 'granted', position: { latitude: p.coords.latitude, longitude: p.coords.longitude }, error: null });
    const onError = () => setState((s) => (s.position && hasInitial.current ? s : { status: 'denied', position: null, error: fr.location.denied }));
    const options = { ...LOCATION_WATCH };
    if (watch) {
      const id = navigator.geolocation.watchPosition(onPosition, onError, options);
      return () => navigator.geolocation.clearWatch(id);
    }
    navigator.geolocation.getCurrentPosition(onPosition, onError, options);
  }, [active, watch, attempt]);

  const request = useCallback(() => {
    setActive(true);
    setAttempt((n) => n + 1);
  }, []);

  return { ...state, request };
}

/** lat and lng of a URL (/contribute?store&lat&lng, /store-finder?lat&lng), when both are valid. */
export function positionFromParams(params: URLSearchParams): LatLng | null {
  const latitude = Number(params.get('lat'));
  const longitude = Number(params.get('lng'));
  if (!params.get('lat') || !params.get('lng') || !Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { latitude, longitude };
}

/** A latitude or longitude as the rest of the app writes numbers: a decimal comma ("0,3912"). */
export const formatCoordinate = (value: number) => formatDecimal(value, { minFraction: 4, maxFraction: 4, grouping: false });
