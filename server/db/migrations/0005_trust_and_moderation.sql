CREATE TABLE "moderation_actions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"moderator_id" uuid,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_flags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"observation_id" uuid NOT NULL,
	"user_id" uuid,
	"reason" text NOT NULL,
	"comment" text,
	"status" text DEFAULT 'open' NOT NULL,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"user_id" uuid,
	"kind" text NOT NULL,
	"snapshot" jsonb NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_suggestions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"user_id" uuid,
	"changes" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "current_prices" ADD COLUMN "contributor_count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "current_prices" ADD COLUMN "verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "price_observations" ADD COLUMN "voice_id" uuid;--> statement-breakpoint
ALTER TABLE "price_observations" ADD COLUMN "ip" text;--> statement-breakpoint
ALTER TABLE "price_observations" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "price_observations" ADD COLUMN "reviewed_by" uuid;--> statement-breakpoint
ALTER TABLE "price_observations" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "price_observations" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "price_observations" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "reputation" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "voice_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "registration_ip" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "suspension_reason" text;--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD CONSTRAINT "moderation_actions_moderator_id_users_id_fk" FOREIGN KEY ("moderator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_flags" ADD CONSTRAINT "price_flags_observation_id_price_observations_id_fk" FOREIGN KEY ("observation_id") REFERENCES "public"."price_observations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_flags" ADD CONSTRAINT "price_flags_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_revisions" ADD CONSTRAINT "product_revisions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_revisions" ADD CONSTRAINT "product_revisions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_suggestions" ADD CONSTRAINT "product_suggestions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_suggestions" ADD CONSTRAINT "product_suggestions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_suggestions" ADD CONSTRAINT "product_suggestions_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "moderation_actions_created_idx" ON "moderation_actions" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "moderation_actions_target_idx" ON "moderation_actions" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE UNIQUE INDEX "price_flags_user_observation_idx" ON "price_flags" USING btree ("observation_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "price_flags_open_outlier_idx" ON "price_flags" USING btree ("observation_id") WHERE "price_flags"."user_id" is null and "price_flags"."status" = 'open';--> statement-breakpoint
CREATE INDEX "price_flags_open_idx" ON "price_flags" USING btree ("observation_id") WHERE "price_flags"."status" = 'open';--> statement-breakpoint
CREATE INDEX "price_flags_user_idx" ON "price_flags" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "product_revisions_number_idx" ON "product_revisions" USING btree ("product_id","number");--> statement-breakpoint
CREATE INDEX "product_suggestions_pending_idx" ON "product_suggestions" USING btree ("created_at") WHERE "product_suggestions"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "product_suggestions_product_idx" ON "product_suggestions" USING btree ("product_id");--> statement-breakpoint
ALTER TABLE "price_observations" ADD CONSTRAINT "price_observations_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_obs_held_idx" ON "price_observations" USING btree ("created_at") WHERE "price_observations"."status" = 'held';--> statement-breakpoint
CREATE INDEX "users_registration_ip_idx" ON "users" USING btree ("registration_ip","created_at");--> statement-breakpoint
-- Observations recorded before voices existed speak for their own contributor.
UPDATE "price_observations" SET "voice_id" = "user_id" WHERE "user_id" IS NOT NULL;