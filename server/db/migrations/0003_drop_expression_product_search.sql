-- 0001's products_search_trgm_idx indexed the expression mp_fold(name || ' ' || brand). Search now
-- reads the stored column search_text (0002) and its own trigram index, so the old index only slowed
-- every product write.
DROP INDEX IF EXISTS "products_search_trgm_idx";
