// Catalogue hygiene (issue 27, item 7): who sees a product or a store, and the moderators' decisions
// on them. A newcomer's (on probation) addition is 'pending': its author and moderators see it until
// it is confirmed (a moderator publishes it, its author earns trust, or an established person adds the
// same one). Hiding, deleting and merging are undone by a restore; a deleted or merged entry is erased
// for good after CATALOGUE_RETENTION_DAYS.
import { z } from './zod';
import { fr } from './messages';

export const LISTINGS = ['listed', 'pending', 'hidden'] as const;
export type Listing = (typeof LISTINGS)[number];

export const CATALOGUE_KINDS = ['products', 'stores'] as const;
export type CatalogueKind = (typeof CATALOGUE_KINDS)[number];

export const REMOVAL_ACTIONS = ['hide', 'delete', 'merge'] as const;
export type RemovalAction = (typeof REMOVAL_ACTIONS)[number];

/** Days during which a deleted or merged entry can be restored; then it is erased. */
export const CATALOGUE_RETENTION_DAYS = 30;

/** What a merge moved onto the entry that stays, so that a restore can move it back. */
export type MergeMoves = { observations: string[]; list_items: string[] };

/** Stored on the entry (products.removal, stores.removal) while it is not listed. */
export type CatalogueRemoval = {
  action: RemovalAction;
  at: string;
  by: string | null;
  reason: string | null;
  /** The listing before (a pending entry hidden goes back to pending). */
  was: Exclude<Listing, 'hidden'>;
  into?: string;
  moved?: MergeMoves;
  /** A product's barcode, released so the right product can carry it; given back on restore if still free. */
  barcode?: string;
  /** A merge gave that barcode to the product that stays (it had none): a restore takes it back. */
  barcode_to_target?: boolean;
};

const reason = z
  .string({ error: fr.moderation.reasonRequired })
  .trim()
  .min(1, { error: fr.moderation.reasonRequired })
  .max(500, { error: fr.moderation.reasonTooLong });

export const CatalogueParamsSchema = z.object({
  kind: z.enum(CATALOGUE_KINDS, { error: fr.catalogueHygiene.kindInvalid }),
  id: z.string(),
});
export const RemovalSchema = z.object({ reason });
export const MergeSchema = z.object({
  into_id: z.string({ error: fr.catalogueHygiene.mergeTargetRequired }).uuid({ error: fr.catalogueHygiene.mergeTargetRequired }),
  reason,
});

/** The moderators' views: newcomers' additions waiting, what everyone sees, what was removed. */
export const CATALOGUE_VIEWS = ['pending', 'listed', 'removed'] as const;
export type CatalogueView = (typeof CATALOGUE_VIEWS)[number];

export const CatalogueEntriesQuerySchema = z.object({
  kind: z.enum(CATALOGUE_KINDS, { error: fr.catalogueHygiene.kindInvalid }).default('products'),
  view: z.enum(CATALOGUE_VIEWS).default('pending'),
  /** Words of the name (accents and case ignored). */
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const CatalogueEntrySchema = z.object({
  kind: z.enum(CATALOGUE_KINDS),
  id: z.string(),
  name: z.string(),
  /** Brand and category of a product; address and city of a store. */
  detail: z.string(),
  listing: z.enum(LISTINGS),
  created_at: z.string(),
  author: z.object({ id: z.string(), name: z.string() }).nullable(),
  removal: z
    .object({
      action: z.enum(REMOVAL_ACTIONS),
      at: z.string(),
      by_name: z.string().nullable(),
      reason: z.string().nullable(),
      into: z.object({ id: z.string(), name: z.string() }).nullable(),
      purge_after: z.string().nullable(),
    })
    .nullable(),
});
export type CatalogueEntry = z.infer<typeof CatalogueEntrySchema>;
export const CatalogueEntriesSchema = z.object({ items: z.array(CatalogueEntrySchema), total: z.number(), page: z.number(), pages: z.number() });
export type CatalogueEntries = z.infer<typeof CatalogueEntriesSchema>;
