ALTER TABLE "products" ADD COLUMN "search_text" text GENERATED ALWAYS AS (mp_fold(name || ' ' || coalesce(brand, ''))) STORED;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sort_name" text GENERATED ALWAYS AS (mp_fold(name)) STORED;--> statement-breakpoint
CREATE INDEX "products_search_text_trgm_idx" ON "products" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "products_sort_name_idx" ON "products" USING btree ("sort_name","id");--> statement-breakpoint
CREATE INDEX "products_category_sort_name_idx" ON "products" USING btree ("category","sort_name","id");