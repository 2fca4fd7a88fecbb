// The whole relational model. Money is integer XAF (`*_xaf`; totals in bigint, as 999 × 10 million
// francs on a few lines would overflow a 32-bit integer), times are timestamptz.
// After a change: `npm run db:generate` and commit the generated SQL in migrations/.
import { sql } from 'drizzle-orm';
import type { ProductChanges, ProductSnapshot } from '#contract/moderation';
import type { CatalogueRemoval, Listing } from '#contract/catalogue-hygiene';
import {
  bigint,
  bigserial,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** A payment through the payment-provider interface, and its refund: the columns orders' and ads' payments share. */
const providerPaymentColumns = () => ({
  provider: text('provider').notNull(),
  /** moov_money, airtel_money, card, cash or bank_transfer. */
  methodType: text('method_type').notNull(),
  amountXaf: bigint('amount_xaf', { mode: 'number' }).notNull(),
  /** 'pending', 'succeeded' or 'failed'. */
  status: text('status').notNull().default('pending'),
  providerReference: text('provider_reference').notNull(),
  phoneNumber: text('phone_number'),
  /** 'none', 'pending', 'succeeded' or 'failed'. */
  refundStatus: text('refund_status').notNull().default('none'),
  refundReference: text('refund_reference'),
  refundedAt: timestamp('refunded_at', { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

// ---------------------------------------------------------------- accounts

/**
 * A person: one verified phone number (E.164). Every account that verified the number is this
 * person: one voice in price consensus and one set of per-person limits (features/auth/people.ts).
 */
export const people = pgTable('people', {
  id: uuid('id').primaryKey().defaultRandom(),
  phoneE164: text('phone_e164').notNull().unique(),
  /**
   * When the person left probation: their prices were corroborated by other established people (or
   * one was a purchase). Until then their observations are recorded but move no shown price.
   */
  trustedAt: timestamp('trusted_at', { withTimezone: true }),
  createdAt: createdAt(),
});

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  fullName: text('full_name').notNull(),
  phone: text('phone').notNull(),
  countryRegion: text('country_region').notNull(),
  /** 'admin' (a moderator) is never obtainable by registration or profile edits: seed or `npm run admin`. */
  userType: text('user_type', { enum: ['consumer', 'delivery_agent', 'admin'] }).notNull(),
  avatarUrl: text('avatar_url'),
  preferences: jsonb('preferences')
    .$type<{ track_prices: boolean; contribute_in_store: boolean; notifications: boolean; location_sharing: boolean; city?: string | null }>()
    .notNull(),
  /** Earned when others or moderators confirm the account's prices, lost when moderators reject them. */
  reputation: integer('reputation').notNull().default(0),
  /**
   * The account's voice in price consensus: accounts registered from one address within a day share
   * the first one's voice (see features/auth/registration-voice.ts). Null means the account's own id.
   */
  voiceId: uuid('voice_id'),
  /** The person whose phone this account verified; null until the phone is verified. */
  personId: uuid('person_id').references(() => people.id, { onDelete: 'set null' }),
  /** A new number waiting for its SMS code (the verified `phone` stays in force until then). */
  pendingPhone: text('pending_phone'),
  /** A demonstration account (README): exists and signs in only in demo mode. */
  isDemo: boolean('is_demo').notNull().default(false),
  registrationIp: text('registration_ip'),
  suspendedAt: timestamp('suspended_at', { withTimezone: true }),
  suspensionReason: text('suspension_reason'),
  /**
   * A delivery agent's application: 'pending' until a moderator decides, then 'approved' or
   * 'refused' (with the reason). Null for other accounts. Only approved agents see orders.
   */
  agentStatus: text('agent_status'),
  agentReviewedAt: timestamp('agent_reviewed_at', { withTimezone: true }),
  agentReviewReason: text('agent_review_reason'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
}, (t) => [index('users_registration_ip_idx').on(t.registrationIp, t.createdAt), index('users_person_idx').on(t.personId)]);

/** SMS codes that verify a phone number (registration, a phone change): only a hash of the code is kept. */
export const phoneVerifications = pgTable(
  'phone_verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    phoneE164: text('phone_e164').notNull(),
    /** 'registration' or 'phone_change'. */
    purpose: text('purpose').notNull(),
    /** HMAC-SHA256 of the code under the instance's key. */
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Used (the phone is verified) or replaced by a newer code. */
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [index('phone_verifications_phone_idx').on(t.phoneE164, t.createdAt), index('phone_verifications_user_idx').on(t.userId, t.createdAt)],
);

/** A signed-in device. The bearer token names its row; revoking the row ends the token. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastRefreshedAt: timestamp('last_refreshed_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** "Mot de passe oublié ?": single-use links, kept as a hash of their secret. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    ip: text('ip'),
    createdAt: createdAt(),
  },
  (t) => [index('password_resets_user_idx').on(t.userId, t.createdAt)],
);

/**
 * Every e-mail MonPanier sends, written in the transaction that decides to send it; the mailer
 * sends it once that transaction has committed (SMTP, or an .eml file under DATA_DIR/mail).
 */
export const outgoingMails = pgTable(
  'outgoing_mails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    /** 'password_reset', 'email_changed', 'order_status'… */
    kind: text('kind').notNull(),
    /** 'pending', 'sending', 'sent', 'quiet' (waits for the end of quiet hours) or 'failed'. */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sendAfter: timestamp('send_after', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('outgoing_mails_queue_idx').on(t.sendAfter).where(sql`${t.status} in ('pending', 'sending', 'quiet')`)],
);

/** Sign-in attempts, for rate limiting per e-mail and per IP across every API instance. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    email: text('email').notNull(),
    ip: text('ip').notNull(),
    /** Null while the password is being checked (in flight). */
    succeeded: boolean('succeeded'),
    createdAt: createdAt(),
  },
  (t) => [index('login_attempts_email_idx').on(t.email, t.createdAt), index('login_attempts_ip_idx').on(t.ip, t.createdAt)],
);

/** Instance-wide secrets and flags shared by every API process (token signing key, seed marker). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: updatedAt(),
});

// ---------------------------------------------------------------- catalogue and prices

export const stores = pgTable(
  'stores',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    chain: text('chain'),
    address: text('address').notNull().default(''),
    city: text('city'),
    district: text('district'),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    phone: text('phone'),
    openingHours: jsonb('opening_hours').$type<Record<string, string>>().notNull().default({}),
    rating: real('rating'),
    /** 'seed', 'user' or a provider name such as 'osm'. */
    source: text('source').notNull().default('user'),
    sourceNote: text('source_note'),
    /** Identifier at the provider (OSM node id…), so an import can update instead of duplicating. */
    externalId: text('external_id'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** Who sees it (catalogue-listing.ts): 'listed' everyone, 'pending' its author and moderators (a newcomer's addition), 'hidden' moderators only. */
    listing: text('listing').$type<Listing>().notNull().default('listed'),
    /** Why it is not listed (hidden, deleted or merged: by whom, when, what a merge moved), so a moderator can undo it. */
    removal: jsonb('removal').$type<CatalogueRemoval>(),
    /** A deleted or merged entry is erased for good after this (30 days), unless restored before. */
    purgeAfter: timestamp('purge_after', { withTimezone: true }),
  },
  (t) => [
    index('stores_lat_lng_idx').on(t.latitude, t.longitude),
    uniqueIndex('stores_external_idx').on(t.source, t.externalId),
    index('stores_unlisted_idx').on(t.listing, t.createdAt).where(sql`${t.listing} <> 'listed'`),
  ],
);

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    brand: text('brand'),
    category: text('category').notNull(),
    description: text('description'),
    barcode: text('barcode'),
    unit: text('unit'),
    manufacturerReference: text('manufacturer_reference'),
    availability: boolean('availability').notNull().default(true),
    mainImage: text('main_image'),
    galleryImages: jsonb('gallery_images').$type<string[]>().notNull().default([]),
    barcodeImage: text('barcode_image'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** Folded (lower case, no accents) name and brand, stored so search and sorting never recompute unaccent per row. */
    searchText: text('search_text').generatedAlwaysAs(sql`mp_fold(name || ' ' || coalesce(brand, ''))`),
    /**
     * The words of search_text, each after a space, a word after « non » or « sans » joined to it
     * (« non_sucre »): « % huile% » says a word begins with « huile » (the search's score, catalogue-reads.ts).
     */
    searchWords: text('search_words').generatedAlwaysAs(
      sql`regexp_replace(' ' || regexp_replace(mp_fold(name || ' ' || coalesce(brand, '')), '[^a-z0-9]+', ' ', 'g'), ' (non|sans) ', ' \\1_', 'g')`,
    ),
    /** Folded name: the "name A-Z" sort key ("Éponge" sorts with the E's). */
    sortName: text('sort_name').generatedAlwaysAs(sql`mp_fold(name)`),
    /** The size its name says it holds, in g or mL (features/products/search-query.ts): a search for that size ranks it first. */
    sizeValue: doublePrecision('size_value'),
    sizeUnit: text('size_unit').$type<'g' | 'mL'>(),
    /** How many its pack holds when its name says so (« pack 6 × 1,5 L » → 6); null for a single item. */
    packCount: integer('pack_count'),
    /** A moderator set size_value, size_unit and pack_count by hand: a later change of the name no longer reads them from it (product-revisions.ts). */
    sizeByModerator: boolean('size_by_moderator').notNull().default(false),
    /** How it comes, when its name says so (« sachet », « boîte », « bidon », « tas »…, search-query.ts): a search naming it ranks it first. */
    package: text('package'),
    /** How often it was put on a list or ordered lately (refreshed by product-popularity.ts): breaks ties between equally good matches. */
    popularity: integer('popularity').notNull().default(0),
    /** Who sees it (catalogue-listing.ts): 'listed' everyone, 'pending' its author and moderators (a newcomer's addition), 'hidden' moderators only. */
    listing: text('listing').$type<Listing>().notNull().default('listed'),
    /** Why it is not listed (hidden, deleted or merged: by whom, when, what a merge moved), so a moderator can undo it. */
    removal: jsonb('removal').$type<CatalogueRemoval>(),
    /** A deleted or merged entry is erased for good after this (30 days), unless restored before. */
    purgeAfter: timestamp('purge_after', { withTimezone: true }),
  },
  (t) => [
    index('products_unlisted_idx').on(t.listing, t.createdAt).where(sql`${t.listing} <> 'listed'`),
    index('products_category_idx').on(t.category),
    index('products_created_idx').on(t.createdAt),
    // fastupdate off: products are added rarely and searched constantly, so new entries go straight
    // into the index instead of a pending list that every search would have to scan.
    index('products_search_text_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')).with({ fastupdate: false }),
    index('products_sort_name_idx').on(t.sortName, t.id),
    index('products_category_sort_name_idx').on(t.category, t.sortName, t.id),
    // One product per barcode (stored in its canonical GTIN form, contract/barcodes.ts); also the lookup by barcode.
    uniqueIndex('products_barcode_idx').on(t.barcode).where(sql`${t.barcode} is not null`),
  ],
);

/** Every price seen: seeded, contributed or entered with a product. The current price is derived from these. */
export const priceObservations = pgTable(
  'price_observations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    storeId: uuid('store_id').notNull().references(() => stores.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    priceXaf: integer('price_xaf').notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    photoUrl: text('photo_url'),
    /** 'seed', 'contribution', 'receipt' (a till receipt's line), 'product_form' or 'store' (a merchant's published price list). */
    source: text('source').notNull(),
    /**
     * 'accepted' (a voice in the consensus), 'held' (waits for a moderator, not used) or 'rejected'
     * (refused by a moderator, never used).
     */
    status: text('status').notNull().default('accepted'),
    /** Why a held observation waits for review. */
    reviewReason: text('review_reason'),
    /** The contributor's voice when it was recorded (users.voice_id or the user's id); null for the seed. */
    voiceId: uuid('voice_id'),
    /** The address the observation came from (evidence for moderators). */
    ip: text('ip'),
    /** When a moderator approved it: it then counts as confirmed, and the consensus restarts from it. */
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    rejectionReason: text('rejection_reason'),
    /** When another voice first confirmed it (the contributor's reputation point is given once). */
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /**
     * Recorded while its person was on probation: it moves no shown price (it may only confirm an
     * established voice), until the person is trusted.
     */
    probation: boolean('probation').notNull().default(false),
    /** The voice of a later observation, by an established person, that agreed with this one. */
    corroboratedBy: text('corroborated_by'),
    corroboratedAt: timestamp('corroborated_at', { withTimezone: true }),
    /** The till receipt this price was read from (its masked image is the proof). */
    receiptId: uuid('receipt_id').references((): AnyPgColumn => receipts.id, { onDelete: 'set null' }),
    observedAt: timestamp('observed_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    index('price_obs_product_store_time_idx').on(t.productId, t.storeId, t.observedAt.desc()),
    index('price_obs_user_idx').on(t.userId, t.createdAt),
    index('price_obs_held_idx').on(t.createdAt).where(sql`${t.status} = 'held'`),
    // Per-person limits and probation: a person's observations, newest first.
    index('price_obs_voice_idx').on(t.voiceId, t.createdAt),
  ],
);

/**
 * The price shown for a product in a store: the consensus of its observations (features/prices/
 * consensus.ts), recomputed whenever one of them changes, so reads never scan the history.
 */
export const currentPrices = pgTable(
  'current_prices',
  {
    productId: uuid('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    storeId: uuid('store_id').notNull().references(() => stores.id, { onDelete: 'cascade' }),
    priceXaf: integer('price_xaf').notNull(),
    /** The observation whose price is shown (the one a "Signaler ce prix" flag points at). */
    observationId: uuid('observation_id').references(() => priceObservations.id, { onDelete: 'set null' }),
    /** The latest observation that supports the shown price (its freshness). */
    observedAt: timestamp('observed_at', { withTimezone: true }).notNull(),
    /** The latest price the store itself announced (source 'store', a merchant's published list), and when. */
    announcedPriceXaf: integer('announced_price_xaf'),
    announcedAt: timestamp('announced_at', { withTimezone: true }),
    /** Shoppers' recent observations disagree with the announced price by more than 10 %: « Prix en rayon différent ». */
    shelfDiffers: boolean('shelf_differs').notNull().default(false),
    /** Distinct contributors whose latest observation supports the shown price. */
    contributorCount: integer('contributor_count').notNull().default(1),
    /** A moderator approved the shown price. */
    verified: boolean('verified').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.productId, t.storeId] }), index('current_prices_store_idx').on(t.storeId)],
);

/** "Signaler ce prix": a user's (or the outlier job's, user null) report on a shown price. */
/**
 * A till receipt sent to be read (issue 29): who sent it, where it stands (processing, ready, failed,
 * submitted), what was read (the API's ReadReceipt, features/prices/receipts/receipts.service.ts),
 * and the SHA-256 of its file, so the same file is read once.
 */
export const receipts = pgTable(
  'receipts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<'processing' | 'ready' | 'failed' | 'submitted'>().notNull(),
    fileSha256: text('file_sha256').notNull(),
    /** The answer of GET /api/prices/receipts/{id} once read (without id and status). */
    reading: jsonb('reading').$type<Record<string, unknown>>(),
    /** Why it failed (an error code of platform/errors.ts). */
    failure: text('failure'),
    /** Once submitted: its store, date-time, total and priced lines, hashed — the same ticket is counted once, whoever sends it. */
    fingerprint: text('fingerprint'),
    /**
     * The receipt's image with personal data masked (card and loyalty numbers, customer name), kept
     * as its prices' proof in the private store (never under /uploads): its contributor and moderators only.
     */
    proofPath: text('proof_path'),
    createdAt: createdAt(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
  },
  (t) => [
    index('receipts_user_idx').on(t.userId, t.createdAt.desc()),
    index('receipts_file_idx').on(t.fileSha256),
    uniqueIndex('receipts_fingerprint_idx').on(t.fingerprint).where(sql`${t.fingerprint} is not null`),
  ],
);

/**
 * Receipt labels learned per chain (issue 29): a voice confirmed that this chain's printed label
 * (folded, features/prices/receipts/receipt-labels.ts) is this product. A mapping is used for
 * everyone once two voices agree on it or a moderator approved it: one account cannot teach a wrong product.
 */
export const receiptLabelVotes = pgTable(
  'receipt_label_votes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The chain's folded name (stores.chain, or the store's name when it has none). */
    chainKey: text('chain_key').notNull(),
    /** The printed label, folded, without quantities and amounts. */
    label: text('label').notNull(),
    productId: uuid('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The voice that confirmed it (users.voice_id or the user's id). */
    voiceId: uuid('voice_id').notNull(),
    /** A moderator's decision: the mapping holds at once ('approved') or never counts ('rejected'). */
    moderation: text('moderation').$type<'approved' | 'rejected'>(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('receipt_label_votes_voice_idx').on(t.chainKey, t.label, t.voiceId), index('receipt_label_votes_product_idx').on(t.productId)],
);

/**
 * A store manager's merchant account (issue 29): an application for one store, decided by a
 * moderator in /admin. An approved merchant publishes the store's price list and buys ads.
 */
export const merchants = pgTable(
  'merchants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** One account, one store. */
    userId: uuid('user_id').notNull().unique().references(() => users.id, { onDelete: 'cascade' }),
    storeId: uuid('store_id').notNull().references(() => stores.id, { onDelete: 'cascade' }),
    managerName: text('manager_name').notNull(),
    phone: text('phone').notNull(),
    /** 'pending' until a moderator decides, then 'approved' or 'refused' (with the reason). */
    status: text('status').$type<'pending' | 'approved' | 'refused'>().notNull().default('pending'),
    reviewReason: text('review_reason'),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  // One approved merchant per store.
  (t) => [uniqueIndex('merchants_store_approved_idx').on(t.storeId).where(sql`${t.status} = 'approved'`), index('merchants_status_idx').on(t.status, t.createdAt)],
);

/** A price list a merchant uploaded (CSV or XLSX): its rows as read and matched, until published. */
export const storePriceLists = pgTable(
  'store_price_lists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    merchantId: uuid('merchant_id').notNull().references(() => merchants.id, { onDelete: 'cascade' }),
    storeId: uuid('store_id').notNull().references(() => stores.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    /** 'ready' (read, waiting for review) or 'published'. */
    status: text('status').$type<'ready' | 'published'>().notNull().default('ready'),
    /** The file's header and rows, and the column mapping (features/merchants/price-list-file.ts). */
    reading: jsonb('reading').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
  },
  (t) => [index('store_price_lists_merchant_idx').on(t.merchantId, t.createdAt.desc())],
);

export const priceFlags = pgTable(
  'price_flags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    observationId: uuid('observation_id').notNull().references(() => priceObservations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** 'wrong_price', 'wrong_product', 'wrong_store', 'outdated' or 'outlier' (the background job). */
    reason: text('reason').notNull(),
    comment: text('comment'),
    /** 'open' until a moderator decides on the observation, then 'resolved'. */
    status: text('status').notNull().default('open'),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('price_flags_user_observation_idx').on(t.observationId, t.userId),
    uniqueIndex('price_flags_open_outlier_idx').on(t.observationId).where(sql`${t.userId} is null and ${t.status} = 'open'`),
    index('price_flags_open_idx').on(t.observationId).where(sql`${t.status} = 'open'`),
    index('price_flags_user_idx').on(t.userId, t.createdAt),
  ],
);

// ---------------------------------------------------------------- lists, carts, orders

export const shoppingLists = pgTable(
  'shopping_lists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** 'active', 'pending_delivery' or 'archived'. */
    status: text('status').notNull().default('active'),
    cartValidated: boolean('cart_validated').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('shopping_lists_user_idx').on(t.userId, t.createdAt.desc())],
);

export const shoppingListItems = pgTable(
  'shopping_list_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    listId: uuid('list_id').notNull().references(() => shoppingLists.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    brand: text('brand'),
    category: text('category'),
    quantity: integer('quantity').notNull(),
    notes: text('notes'),
    isManualItem: boolean('is_manual_item').notNull().default(false),
    /** Ticked off while shopping. */
    checked: boolean('checked').notNull().default(false),
  },
  (t) => [index('shopping_list_items_list_idx').on(t.listId, t.position)],
);

/** An optimisation result the user chose to buy: the items with their stores and prices, frozen. */
export const carts = pgTable(
  'carts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    shoppingListId: uuid('shopping_list_id').references(() => shoppingLists.id, { onDelete: 'set null' }),
    /** 'best_prices' or 'nearest_store'. */
    viewType: text('view_type').notNull(),
    optimization: jsonb('optimization').$type<Record<string, unknown>>().notNull(),
    totalItemsCostXaf: bigint('total_items_cost_xaf', { mode: 'number' }).notNull(),
    deliveryFeeXaf: bigint('delivery_fee_xaf', { mode: 'number' }).notNull(),
    totalCostXaf: bigint('total_cost_xaf', { mode: 'number' }).notNull(),
    /** 'open' until booked, then 'booked'. */
    status: text('status').notNull().default('open'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('carts_user_idx').on(t.userId)],
);

/** Only brand, last four digits, holder and expiry of a card are ever stored. */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** 'moov_money', 'airtel_money', 'card' or 'cash'. */
    methodType: text('method_type').notNull(),
    displayName: text('display_name').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    phoneNumber: text('phone_number'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    cardName: text('card_name'),
    expiryMonth: integer('expiry_month'),
    expiryYear: integer('expiry_year'),
    createdAt: createdAt(),
  },
  (t) => [
    index('payment_methods_user_idx').on(t.userId),
    uniqueIndex('payment_methods_one_default_idx').on(t.userId).where(sql`${t.isDefault}`),
  ],
);

/** One delivery, whichever way it started (comparator booking or delivery request). */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    cartId: uuid('cart_id').notNull().unique().references(() => carts.id, { onDelete: 'restrict' }),
    shoppingListId: uuid('shopping_list_id').references(() => shoppingLists.id, { onDelete: 'set null' }),
    /** 'booking' or 'delivery_request'. */
    origin: text('origin').notNull(),
    deliveryAddress: text('delivery_address').notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    deliveryDate: date('delivery_date', { mode: 'string' }).notNull(),
    deliveryTimeSlot: text('delivery_time_slot').notNull(),
    notes: text('notes'),
    paymentMethodId: uuid('payment_method_id').references(() => paymentMethods.id, { onDelete: 'set null' }),
    /** 'cash', 'moov_money', 'airtel_money' or 'card'. */
    paymentType: text('payment_type').notNull(),
    /** Paid through the payment sandbox: a test order, labelled so everywhere. */
    isTest: boolean('is_test').notNull().default(false),
    totalAmountXaf: bigint('total_amount_xaf', { mode: 'number' }).notNull(),
    /** pending → confirmed → in_progress → picked_up → en_route → delivered; cancelled before in_progress (see the transition table). */
    status: text('status').notNull().default('pending'),
    agentId: uuid('agent_id').references(() => users.id, { onDelete: 'set null' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    /** Collected at the store, then on the way (issue 30, item 3): the customer's timeline. */
    pickedUpAt: timestamp('picked_up_at', { withTimezone: true }),
    enRouteAt: timestamp('en_route_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** The 4-digit code the customer gives the agent at the door; drawn when the order goes en route. */
    handoverCode: text('handover_code'),
    /** Wrong codes entered; at HANDOVER_MAX_ATTEMPTS completion is locked (handoverLockedAt) and moderators alerted. */
    handoverAttempts: integer('handover_attempts').notNull().default(0),
    handoverLockedAt: timestamp('handover_locked_at', { withTimezone: true }),
    /** Delivered on a door photo because the customer could not give the code: « livrée (sans code) ». */
    deliveredWithoutCode: boolean('delivered_without_code').notNull().default(false),
    /** The door photo's storage key, under private/ (never served by /uploads). */
    deliveryProofPath: text('delivery_proof_path'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('orders_user_idx').on(t.userId, t.createdAt.desc()),
    index('orders_status_idx').on(t.status, t.createdAt.desc()),
    index('orders_agent_idx').on(t.agentId, t.status),
  ],
);

export const orderEvents = pgTable(
  'order_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: uuid('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.createdAt)],
);

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
    /** A paid order that is cancelled is refunded (refund_status). */
    ...providerPaymentColumns(),
  },
  (t) => [
    index('payments_order_idx').on(t.orderId),
    uniqueIndex('payments_reference_idx').on(t.provider, t.providerReference),
    // Refunds still to settle or to follow up: read by the reconciler and the moderators' order view.
    index('payments_refund_open_idx').on(t.orderId).where(sql`${t.refundStatus} in ('pending', 'failed')`),
  ],
);

// ---------------------------------------------------------------- notifications

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    /** order_status, delivery_update, price_alert, promotional or other. */
    type: text('type').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    read: boolean('read').notNull().default(false),
    data: jsonb('data').$type<Record<string, unknown>>(),
    /**
     * Web-push outbox state: 'pending' until the push dispatcher sees the committed row, 'sending'
     * while it is claimed, then 'sent', 'quiet' (inside quiet hours), 'muted' (push switched off),
     * 'no_subscription' or 'failed'.
     */
    pushStatus: text('push_status').notNull().default('pending'),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt.desc()),
    index('notifications_unread_idx').on(t.userId).where(sql`not ${t.read}`),
    index('notifications_push_outbox_idx').on(t.createdAt).where(sql`${t.pushStatus} in ('pending', 'sending')`),
  ],
);

export const notificationSettings = pgTable('notification_settings', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  orderStatusNotifications: boolean('order_status_notifications').notNull().default(true),
  deliveryUpdates: boolean('delivery_updates').notNull().default(true),
  priceAlerts: boolean('price_alerts').notNull().default(true),
  promotionalNotifications: boolean('promotional_notifications').notNull().default(false),
  emailNotifications: boolean('email_notifications').notNull().default(true),
  smsNotifications: boolean('sms_notifications').notNull().default(false),
  /** 'HH:MM' in Libreville time, or null. */
  quietHoursStart: text('quiet_hours_start'),
  quietHoursEnd: text('quiet_hours_end'),
  updatedAt: updatedAt(),
});

export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent'),
    createdAt: createdAt(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

// ---------------------------------------------------------------- product history and moderation


/** Every state a product has been in: who changed it, when, and what changed. */
export const productRevisions = pgTable(
  'product_revisions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    /** 1, 2, 3… per product. */
    number: integer('number').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** 'original' (the state before the first recorded change), 'created', 'edited', 'suggestion' (applied) or 'reverted'. */
    kind: text('kind').notNull(),
    snapshot: jsonb('snapshot').$type<ProductSnapshot>().notNull(),
    changes: jsonb('changes').$type<ProductChanges>().notNull().default({}),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('product_revisions_number_idx').on(t.productId, t.number)],
);

/** An edit by someone who does not own the product: a moderator applies or refuses it. */
export const productSuggestions = pgTable(
  'product_suggestions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id').notNull().references(() => products.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Field by field, the product as it was when suggested and as the editor wants it. */
    changes: jsonb('changes').$type<ProductChanges>().notNull(),
    /** 'pending', 'applied' or 'refused'. */
    status: text('status').notNull().default('pending'),
    reason: text('reason'),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('product_suggestions_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`), index('product_suggestions_product_idx').on(t.productId)],
);

/** The audit log: every moderator action, with the state before and after and the reason. */
export const moderationActions = pgTable(
  'moderation_actions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    moderatorId: uuid('moderator_id').references(() => users.id, { onDelete: 'set null' }),
    /** e.g. 'observation.approve', 'observation.reject', 'suggestion.apply', 'product.revert', 'user.suspend'. */
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [index('moderation_actions_created_idx').on(t.createdAt.desc()), index('moderation_actions_target_idx').on(t.targetType, t.targetId)],
);

// ---------------------------------------------------------------- ads (issue 14)

/**
 * A merchant's promotional ad. Its status moves only through the transition table of
 * server/features/ads/ad-lifecycle.ts: draft → awaiting_payment → awaiting_review →
 * scheduled/active → expired; awaiting_review → rejected → refunded; active ↔ paused.
 */
export const ads = pgTable(
  'ads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    advertiserId: uuid('advertiser_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    subtitle: text('subtitle').notNull(),
    description: text('description'),
    /** text, image or video. */
    type: text('type').notNull(),
    /** Stored media URL (images re-encoded, videos as uploaded after the content check). */
    mediaUrl: text('media_url'),
    mediaMime: text('media_mime'),
    /** One of the six gradients: blue, green, purple, orange, red, pink. */
    bgColor: text('bg_color').notNull(),
    textColor: text('text_color').notNull(),
    durationDays: integer('duration_days').notNull(),
    /** all, libreville, port-gentil, new_users or frequent_users. */
    targetAudience: text('target_audience').notNull(),
    budgetXaf: bigint('budget_xaf', { mode: 'number' }).notNull(),
    /** mobile_money, bank_card or bank_transfer. */
    paymentMethod: text('payment_method').notNull(),
    status: text('status').notNull().default('draft'),
    /** The moderator's reason when rejected. */
    reviewReason: text('review_reason'),
    reviewedBy: uuid('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('ads_advertiser_idx').on(t.advertiserId, t.createdAt.desc()),
    index('ads_status_idx').on(t.status, t.endsAt),
  ],
);

/** Money for an ad, through the payment-provider interface (bank transfers are marked by a moderator). */
export const adPayments = pgTable(
  'ad_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adId: uuid('ad_id')
      .notNull()
      .references(() => ads.id, { onDelete: 'cascade' }),
    /** A rejected ad is refunded (refund_status). */
    ...providerPaymentColumns(),
  },
  (t) => [index('ad_payments_ad_idx').on(t.adId), uniqueIndex('ad_payments_reference_idx').on(t.provider, t.providerReference)],
);

/** One row per ad, user and day the slide was shown: impressions are counted once a day per user. */
export const adImpressions = pgTable(
  'ad_impressions',
  {
    adId: uuid('ad_id')
      .notNull()
      .references(() => ads.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.adId, t.userId, t.day] }), index('ad_impressions_ad_day_idx').on(t.adId, t.day)],
);

/** Every click through the tracked link. */
export const adClicks = pgTable(
  'ad_clicks',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    adId: uuid('ad_id')
      .notNull()
      .references(() => ads.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    day: date('day', { mode: 'string' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('ad_clicks_ad_day_idx').on(t.adId, t.day)],
);

/** At most one promotional notification a day per user, whatever the ad. */
export const adPromotionsSent = pgTable(
  'ad_promotions_sent',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    adId: uuid('ad_id')
      .notNull()
      .references(() => ads.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

// ---------------------------------------------------------------- idempotent writes (issue 15)

/**
 * The first answer to a write sent with an Idempotency-Key header, per user: a replay of the same
 * request (an offline change sent again) gets this answer back instead of being applied twice.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** SHA-256 of the method, the path and the body: the same key with another request is refused. */
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    responseBody: jsonb('response_body').$type<unknown>(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

// ---------------------------------------------------------------- job queue (issue 16)

/**
 * Background work of every API instance (platform/jobs): a row is a job to run once. A worker takes
 * due rows with FOR UPDATE SKIP LOCKED and holds a lease it renews while the job runs; a lease left
 * to expire (the process died) lets another worker take the job again. A finished job is deleted,
 * unless it holds a once_key (kept until cleanup, so that its slot never runs twice).
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The handler that runs it, e.g. 'push-outbox', 'payment-reconciliation'. */
    name: text('name').notNull(),
    payload: jsonb('payload').$type<unknown>().notNull().default({}),
    /** 'queued', 'running', 'done' (jobs with a once_key only) or 'failed' (attempts exhausted). */
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    /** Not taken before this time (a later start, or the back-off after a failure). */
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** Unique among jobs not yet taken: asking again while one waits adds nothing (an outbox kick). */
    waitingKey: text('waiting_key'),
    /** Unique while the row is kept: a scheduled pass's name and time slot, so it runs once per slot. */
    onceKey: text('once_key'),
    lastError: text('last_error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('jobs_due_idx').on(t.runAt).where(sql`${t.status} = 'queued'`),
    index('jobs_lease_idx').on(t.lockedUntil).where(sql`${t.status} = 'running'`),
    index('jobs_finished_idx').on(t.finishedAt).where(sql`${t.status} in ('done', 'failed')`),
    uniqueIndex('jobs_waiting_key_idx').on(t.waitingKey).where(sql`${t.waitingKey} is not null`),
    uniqueIndex('jobs_once_key_idx').on(t.onceKey).where(sql`${t.onceKey} is not null`),
  ],
);
