CREATE TABLE "merchants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"manager_name" text NOT NULL,
	"phone" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"review_reason" text,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchants_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "receipt_label_votes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"chain_key" text NOT NULL,
	"label" text NOT NULL,
	"product_id" uuid NOT NULL,
	"user_id" uuid,
	"voice_id" uuid NOT NULL,
	"moderation" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_price_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"store_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"status" text DEFAULT 'ready' NOT NULL,
	"reading" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "current_prices" ADD COLUMN "announced_price_xaf" integer;--> statement-breakpoint
ALTER TABLE "current_prices" ADD COLUMN "announced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "current_prices" ADD COLUMN "shelf_differs" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "price_observations" ADD COLUMN "receipt_id" uuid;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "proof_path" text;--> statement-breakpoint
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchants" ADD CONSTRAINT "merchants_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_label_votes" ADD CONSTRAINT "receipt_label_votes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_label_votes" ADD CONSTRAINT "receipt_label_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_price_lists" ADD CONSTRAINT "store_price_lists_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_price_lists" ADD CONSTRAINT "store_price_lists_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "merchants_store_approved_idx" ON "merchants" USING btree ("store_id") WHERE "merchants"."status" = 'approved';--> statement-breakpoint
CREATE INDEX "merchants_status_idx" ON "merchants" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "receipt_label_votes_voice_idx" ON "receipt_label_votes" USING btree ("chain_key","label","voice_id");--> statement-breakpoint
CREATE INDEX "receipt_label_votes_product_idx" ON "receipt_label_votes" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "store_price_lists_merchant_idx" ON "store_price_lists" USING btree ("merchant_id","created_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "price_observations" ADD CONSTRAINT "price_observations_receipt_id_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."receipts"("id") ON DELETE set null ON UPDATE no action;