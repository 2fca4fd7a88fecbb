// The city filter of a product's prices (issue 28, item 5), remembered per user: in the account's
// preferences (preferences.city, so it follows the user to another device, and the server lists
// that city's stores first), and for a visitor in this browser. null is « Toutes les villes ».
import { useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { fr } from '#contract/messages';
import type { StoreCitiesResponse } from '#contract/nearby-prices';
import type { User } from '#contract/users';
import { api } from '../../lib/api';
import { notifyError } from '../../lib/notify';
import { updateUser, useSession } from '../../lib/session';
import { readStorage, writeStorage } from '../../lib/storage-keys';

/** The visitor's choice in this browser. */
export const VISITOR_CITY_KEY = 'monpanier_price_city';

/** The towns the stores are in, the one with most stores first (public; changes rarely). */
export const storeCitiesQuery = {
  queryKey: ['stores', 'cities'] as const,
  queryFn: async () => (await api.get<StoreCitiesResponse>('/stores/cities', { auth: false })).cities.map((c) => c.city),
  staleTime: 10 * 60_000,
};

export function useStoreCities(): string[] {
  return useQuery(storeCitiesQuery).data ?? [];
}

/** The chosen city and its setter: saved to the account when signed in (the session shows it at once), else to this browser. */
export function usePriceCity(): [string | null, (city: string | null) => void] {
  const { user } = useSession();
  const [visitorCity, setVisitorCity] = useState<string | null>(() => readStorage(VISITOR_CITY_KEY) || null);
  const city = user ? (user.preferences.city ?? null) : visitorCity;

  const choose = useCallback(
    (next: string | null) => {
      if (!user) {
        writeStorage(VISITOR_CITY_KEY, next ?? '');
        setVisitorCity(next);
        return;
      }
      const before = user.preferences;
      updateUser({ preferences: { ...before, city: next } });
      api.put<User>('/users/me/preferences', { city: next }).then(
        (saved) => updateUser({ preferences: saved.preferences }),
        () => {
          updateUser({ preferences: before });
          notifyError(fr.nearbyPrices.citySaveError);
        },
      );
    },
    [user],
  );
  return [city, choose];
}
