CREATE TABLE "ad_clicks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"ad_id" uuid NOT NULL,
	"user_id" uuid,
	"day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_impressions" (
	"ad_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ad_impressions_ad_id_user_id_day_pk" PRIMARY KEY("ad_id","user_id","day")
);
--> statement-breakpoint
CREATE TABLE "ad_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ad_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"method_type" text NOT NULL,
	"amount_xaf" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_reference" text NOT NULL,
	"phone_number" text,
	"refund_status" text DEFAULT 'none' NOT NULL,
	"refund_reference" text,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_promotions_sent" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"ad_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ad_promotions_sent_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "ads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"advertiser_id" uuid NOT NULL,
	"title" text NOT NULL,
	"subtitle" text NOT NULL,
	"description" text,
	"type" text NOT NULL,
	"media_url" text,
	"media_mime" text,
	"bg_color" text NOT NULL,
	"text_color" text NOT NULL,
	"duration_days" integer NOT NULL,
	"target_audience" text NOT NULL,
	"budget_xaf" bigint NOT NULL,
	"payment_method" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"review_reason" text,
	"reviewed_by" uuid,
	"paid_at" timestamp with time zone,
	"approved_at" timestamp with time zone,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ad_clicks" ADD CONSTRAINT "ad_clicks_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_clicks" ADD CONSTRAINT "ad_clicks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_impressions" ADD CONSTRAINT "ad_impressions_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_impressions" ADD CONSTRAINT "ad_impressions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_payments" ADD CONSTRAINT "ad_payments_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_promotions_sent" ADD CONSTRAINT "ad_promotions_sent_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_promotions_sent" ADD CONSTRAINT "ad_promotions_sent_ad_id_ads_id_fk" FOREIGN KEY ("ad_id") REFERENCES "public"."ads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_advertiser_id_users_id_fk" FOREIGN KEY ("advertiser_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ads" ADD CONSTRAINT "ads_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_clicks_ad_day_idx" ON "ad_clicks" USING btree ("ad_id","day");--> statement-breakpoint
CREATE INDEX "ad_impressions_ad_day_idx" ON "ad_impressions" USING btree ("ad_id","day");--> statement-breakpoint
CREATE INDEX "ad_payments_ad_idx" ON "ad_payments" USING btree ("ad_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ad_payments_reference_idx" ON "ad_payments" USING btree ("provider","provider_reference");--> statement-breakpoint
CREATE INDEX "ads_advertiser_idx" ON "ads" USING btree ("advertiser_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ads_status_idx" ON "ads" USING btree ("status","ends_at");