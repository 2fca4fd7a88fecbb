// The fixed basket of the public /demo-optimization page: four everyday items, four Libreville
// shops (positions in real neighbourhoods), a user at Mont-Bouët. On it the solvers give a
// best-prices plan of 4700 XAF (one store, Louis) and a nearest-store plan of 4850 XAF (the shop
// next to the user), delivery included; demo-basket.unit.test.ts checks both come from the solvers.
import { OPTIMISER } from '#contract/optimiser';
import { planBestPrices } from './best-prices';
import { planNearestStore } from './nearest-store';
import { summarisePlans } from './summary';
import type { BasketPlan, BestPricesInput, NearestStoreInput, NearestStorePlan, PlanSummary } from './types';
import type { LatLng } from '../platform/geo';

export const DEMO_STORE_FEE = 2000;
export const DEMO_MAX_STORES = 3;

export const DEMO_USER_POSITION: LatLng = { latitude: 0.399, longitude: 9.46 }; // Mont-Bouët

export const DEMO_STORES = [
  { storeId: 'demo-mont-bouet', name: 'Épicerie du Marché de Mont-Bouët', neighbourhood: 'Mont-Bouët', position: { latitude: 0.3985, longitude: 9.4575 } },
  { storeId: 'demo-louis', name: 'Supermarché de Louis', neighbourhood: 'Louis', position: { latitude: 0.4095, longitude: 9.439 } },
  { storeId: 'demo-owendo', name: "Dépôt d'Owendo", neighbourhood: 'Owendo', position: { latitude: 0.293, longitude: 9.504 } },
  { storeId: 'demo-akebe', name: "Boutique d'Akébé", neighbourhood: 'Akébé', position: { latitude: 0.384, longitude: 9.474 } },
] as const;

export const DEMO_ITEMS = [
  {
    name: 'Baguette de pain',
    quantity: 2,
    offers: [
      { storeId: 'demo-mont-bouet', unitPrice: 150 },
      { storeId: 'demo-louis', unitPrice: 150 },
      { storeId: 'demo-owendo', unitPrice: 150 },
      { storeId: 'demo-akebe', unitPrice: 175 },
    ],
  },
  {
    name: 'Sucre en poudre 1 kg',
    quantity: 1,
    offers: [
      { storeId: 'demo-mont-bouet', unitPrice: 900 },
      { storeId: 'demo-louis', unitPrice: 850 },
    ],
  },
  {
    name: 'Huile végétale 1 L',
    quantity: 1,
    offers: [
      { storeId: 'demo-mont-bouet', unitPrice: 1200 },
      { storeId: 'demo-louis', unitPrice: 1150 },
      { storeId: 'demo-owendo', unitPrice: 950 },
      { storeId: 'demo-akebe', unitPrice: 1250 },
    ],
  },
  {
    name: 'Lait concentré sucré 397 g',
    quantity: 1,
    offers: [
      { storeId: 'demo-mont-bouet', unitPrice: 450 },
      { storeId: 'demo-louis', unitPrice: 400 },
    ],
  },
] as const;

export function demoBestPricesInput(): BestPricesInput {
  return { items: DEMO_ITEMS, maxStores: DEMO_MAX_STORES, storeFee: DEMO_STORE_FEE, freeDeliveryFrom: OPTIMISER.freeDeliveryThresholdXaf };
}

export function demoNearestStoreInput(): NearestStoreInput {
  return { items: DEMO_ITEMS, stores: DEMO_STORES, userPosition: DEMO_USER_POSITION, storeFee: DEMO_STORE_FEE, freeDeliveryFrom: OPTIMISER.freeDeliveryThresholdXaf };
}

export type DemoOptimisation = { best: BasketPlan; nearest: NearestStorePlan; summary: PlanSummary };

/** Both plans and their summary, computed by the real solvers on the demo basket. */
export function planDemoBasket(): DemoOptimisation {
  const best = planBestPrices(demoBestPricesInput());
  const nearest = planNearestStore(demoNearestStoreInput());
  return { best, nearest, summary: summarisePlans(best, nearest, DEMO_STORE_FEE) };
}
