// Business constants of the specification (part 1 section 9, part 2 section 9).

export const SESSION = {
  lengthMs: 24 * 60 * 60 * 1000,
  graceMs: 60 * 60 * 1000,
  refreshThrottleMs: 5 * 60 * 1000,
  activityCheckDelayMs: 30 * 1000,
  heartbeatMs: 60 * 1000,
  logoutRedirectDelayMs: 1000,
  proactiveRefreshWindowMs: 60 * 60 * 1000,
} as const;

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;

/** Every kind of account. 'admin' is a moderator: seeded or made on the server, never registered. */
export const USER_TYPES = ['consumer', 'delivery_agent', 'admin'] as const;
export type UserType = (typeof USER_TYPES)[number];
/** The kinds of account a registration may ask for. */
export const REGISTRABLE_USER_TYPES = ['consumer', 'delivery_agent'] as const;

export const COUNTRIES = [
  'Gabon',
  'Cameroun',
  'République du Congo',
  'République Démocratique du Congo',
  'Guinée Équatoriale',
  'République Centrafricaine',
  'Tchad',
  'France',
  'Autre',
] as const;

export const PRESET_AVATAR_COUNT = 20;
export const PRESET_AVATARS = Array.from(
  { length: PRESET_AVATAR_COUNT },
  (_, i) => `/avatars/avatar-${String(i + 1).padStart(2, '0')}.svg`,
);

export const PROMO = { rotationMs: 4000, fadeMs: 300, heightPx: 128 } as const;

export const TOASTS = { defaultMs: 4000, successMs: 2000, errorMs: 4000, max: 20, pushMs: 6000 } as const;

export const NOTIFICATIONS_PAGE_SIZE = 10;
export const BADGE_CAP = 99;

/** Libreville, used when geolocation fails. */
export const DEFAULT_POSITION = { latitude: 0.3476, longitude: 9.4581 } as const;

export const CURRENCY = 'XAF';
/** Longest data URL accepted for one image: twice the 5 MB limit, so oversize is reported as such. */
export const IMAGE_DATA_URL_MAX_CHARS = 14 * 1024 * 1024;

/** The basket optimiser (spec part 2 section 9). */
export const OPTIMISER = {
  maxStores: 3,
  storeFeeXaf: 2000,
  /** Delivery is free, whatever the number of stores, once the items total reaches this (house promise). */
  freeDeliveryThresholdXaf: 25_000,
  maxItems: 200,
  /** Stores farther than this from the delivery position are not considered (a basket is delivered by road within a city). */
  deliveryRadiusKm: 50,
} as const;

/** Trust rules for a price (README "Prix : observations, consensus, réputation"); see server/features/prices/. */
/** What one person may add to the shared catalogue in 24 hours (all their accounts together). */
export const CATALOGUE_LIMITS = {
  products: { perDay: 40, perDayOnProbation: 10 },
  stores: { perDay: 10, perDayOnProbation: 3 },
} as const;

export const TRUST = {
  /** A contributor farther than this from the store is held for review. */
  maxDistanceKm: 1,
  /** A price more than this factor above or below the shown price is held for review. */
  outlierFactor: 3,
  /** Two prices agree when the higher is at most this factor above the lower. */
  agreementRatio: 1.1,
  /** A voice's weight halves with every this many days of age. */
  halfLifeDays: 14,
  /** Only the most recent voices count. */
  maxVoices: 50,
  /** No voice weighs more than this share of all the others together (strictly less than them). */
  heaviestVoiceCap: 0.999,
  /** Trust weight: 1 for a newcomer, one more step per this much reputation, between min and max. */
  reputationPerTrustStep: 10,
  minTrust: 0.25,
  maxTrust: 3,
  /** Weight factor of a price entered without a position (the product dialogs). */
  unlocatedFactor: 0.5,
  /** Reputation: a point when another voice confirms an observation, more when a moderator does. */
  reputationConfirmed: 1,
  reputationApproved: 3,
  reputationRejected: -5,
  /** The same user, product, store and price again within a minute counts once. */
  duplicateWindowMs: 60_000,
  /** At most this many prices per user for one product in one store per 24 hours… */
  maxPerItemPerDay: 3,
  /** …and this many prices per user in all per 24 hours. */
  maxPerUserPerDay: 60,
  /** "Signaler ce prix": at most this many reports per user per 24 hours. */
  maxFlagsPerUserPerDay: 20,
  /** A shown price whose latest supporting observation is older than this is marked "à confirmer". */
  staleAfterDays: 30,
  /** The outlier job flags a store price outside [1/factor, factor] × the product's cross-store median. */
  crossStoreOutlierFactor: 3,
  /**
   * Probation: a new person's prices move nothing until this many of them were corroborated (a
   * later agreeing price by an established person, or a moderator's approval)…
   */
  probationCorroborations: 3,
  /** …by at least this many different established people (a moderator's approvals count as one)… */
  probationCorroborators: 2,
  /** …in at least this many stores. */
  probationStores: 2,
  /** A later price corroborates an earlier one seen at most this many days before. */
  corroborationWindowDays: 30,
} as const;

/** Stores and the "maps service" places (spec part 2 sections 3, 7, 9). */
export const PLACES = {
  /** The catalogue's nearby-store prompt: radius=5 (km). */
  nearbyStoreRadiusKm: 5,
  /** Store finder: nearby supermarkets and grocery stores within 2000 m. */
  finderRadiusM: 2000,
  /** Dialogs: text search 10000 m, nearby 5000 m. */
  dialogSearchRadiusM: 10_000,
  dialogNearbyRadiusM: 5000,
  queryMinLength: 2,
  /** Shop suggestions in dialogs start at 3 characters, debounced 300 ms. */
  suggestionMinLength: 3,
  debounceMs: 300,
  /** Only the first 5 places are listed on /contribute. */
  contributeListed: 5,
  /** A radius at or below this is read as kilometres (radius=5), above as metres (radius=5000). */
  kmRadiusThreshold: 100,
  maxRadiusKm: 50,
  maxResults: 50,
  /** A store added again within this distance with the same name is the same store. */
  duplicateWithinM: 50,
} as const;

/** The nearby-store invitation: offer 3 of 5 fetched priced products. */
export const NEARBY_INVITE = { fetched: 5, offered: 3 } as const;

/** Geolocation watch options (part 2 section 9). */
export const LOCATION_WATCH = { enableHighAccuracy: true, maximumAge: 60_000, timeout: 30_000 } as const;
