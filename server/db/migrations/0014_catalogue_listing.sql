ALTER TABLE "products" ADD COLUMN "listing" text DEFAULT 'listed' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "removal" jsonb;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "purge_after" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "listing" text DEFAULT 'listed' NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "removal" jsonb;--> statement-breakpoint
ALTER TABLE "stores" ADD COLUMN "purge_after" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "products_unlisted_idx" ON "products" USING btree ("listing","created_at") WHERE "products"."listing" <> 'listed';--> statement-breakpoint
CREATE INDEX "stores_unlisted_idx" ON "stores" USING btree ("listing","created_at") WHERE "stores"."listing" <> 'listed';