// The device's position when the user already allowed the site to read it — never a prompt: a
// product's prices show each store's distance only when the position is known this way.
import { useEffect, useState } from 'react';

export type KnownPosition = { latitude: number; longitude: number };

const WAIT_MS = 3000;

/** Rounded to about 100 m: close enough for a distance, and one cached answer per neighbourhood. */
const rounded = (value: number) => Math.round(value * 1000) / 1000;

async function readKnownPosition(): Promise<KnownPosition | null> {
  try {
    if (!navigator.permissions || !navigator.geolocation) return null;
    const status = await navigator.permissions.query({ name: 'geolocation' });
    if (status.state !== 'granted') return null;
    return await new Promise<KnownPosition | null>((resolve) => {
      const timer = setTimeout(() => resolve(null), WAIT_MS);
      navigator.geolocation.getCurrentPosition(
        (p) => {
          clearTimeout(timer);
          resolve({ latitude: rounded(p.coords.latitude), longitude: rounded(p.coords.longitude) });
        },
        () => {
          clearTimeout(timer);
          resolve(null);
        },
        { maximumAge: 10 * 60_000, timeout: WAIT_MS },
      );
    });
  } catch {
    return null;
  }
}

/** `ready` once the question is settled (the position, or null when it is not known). */
export function useKnownPosition(): { ready: boolean; position: KnownPosition | null } {
  const [state, setState] = useState<{ ready: boolean; position: KnownPosition | null }>({ ready: false, position: null });
  useEffect(() => {
    let active = true;
    void readKnownPosition().then((position) => active && setState({ ready: true, position }));
    return () => {
      active = false;
    };
  }, []);
  return state;
}
