ALTER TABLE "products" ADD COLUMN "size_value" double precision;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "size_unit" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "pack_count" integer;