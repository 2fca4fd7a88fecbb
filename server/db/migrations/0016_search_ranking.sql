ALTER TABLE "products" ADD COLUMN "package" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "popularity" integer DEFAULT 0 NOT NULL;