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
