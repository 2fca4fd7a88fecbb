// The user's position for the nearest-store view: one reading from the browser (10 s time-out,
// a reading up to 60 s old is fine). Without it the server uses the spec's fallback position.
import { useEffect, useState } from 'react';

export type PositionState = { status: 'locating' } | { status: 'ready'; latitude: number; longitude: number } | { status: 'unavailable' };

export function useUserPosition(): PositionState {
  const [state, setState] = useState<PositionState>(() => (typeof navigator !== 'undefined' && navigator.geolocation ? { status: 'locating' } : { status: 'unavailable' }));
  useEffect(() => {
    if (state.status !== 'locating') return;
    let active = true;
    navigator.geolocation.getCurrentPosition(
      (p) => active && setState({ status: 'ready', latitude: p.coords.latitude, longitude: p.coords.longitude }),
      () => active && setState({ status: 'unavailable' }),
      { enableHighAccuracy: false, timeout: 10_000, maximumAge: 60_000 },
    );
    return () => {
      active = false;
    };
  }, [state.status]);
  return state;
}
