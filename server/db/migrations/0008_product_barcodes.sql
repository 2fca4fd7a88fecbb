-- Barcodes are stored in their canonical GTIN form (contract/barcodes.ts): no spaces or dashes, no
-- leading zero on a GTIN-14 or a GTIN-13 (a UPC-A keeps its 12 digits). Existing values are brought
-- to that form, and where two products carry the same barcode the oldest keeps it, before the index.
UPDATE "products" SET "barcode" = nullif(regexp_replace("barcode", '[[:space:]-]', '', 'g'), '') WHERE "barcode" IS NOT NULL;--> statement-breakpoint
UPDATE "products" SET "barcode" = substr("barcode", 2) WHERE "barcode" ~ '^0[0-9]{13}$';--> statement-breakpoint
UPDATE "products" SET "barcode" = substr("barcode", 2) WHERE "barcode" ~ '^0[0-9]{12}$';--> statement-breakpoint
UPDATE "products" AS p SET "barcode" = NULL
  WHERE p."barcode" IS NOT NULL
    AND EXISTS (SELECT 1 FROM "products" AS o WHERE o."barcode" = p."barcode" AND (o."created_at", o."id") < (p."created_at", p."id"));--> statement-breakpoint
CREATE UNIQUE INDEX "products_barcode_idx" ON "products" USING btree ("barcode") WHERE "products"."barcode" is not null;
