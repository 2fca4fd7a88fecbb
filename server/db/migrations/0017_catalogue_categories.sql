-- One list of categories and units (issue 28, item 7): products saved under the names of the spec's
-- first add dialog are filed in the catalogue category (and unit) those names map onto
-- (contract/catalogue.ts ADD_DIALOG_CATEGORIES, ADD_DIALOG_UNITS), so the catalogue filter finds them.
UPDATE "products" SET "category" = CASE "category"
  WHEN 'Général' THEN 'Divers'
  WHEN 'Électronique' THEN 'Divers'
  WHEN 'Mode' THEN 'Divers'
  WHEN 'Maison & Jardin' THEN 'Produits ménagers'
  WHEN 'Alimentation' THEN 'Épicerie'
  WHEN 'Santé & Beauté' THEN 'Produits d''hygiène'
  WHEN 'Sport' THEN 'Divers'
  WHEN 'Automobile' THEN 'Divers'
  WHEN 'Livre & Media' THEN 'Divers'
  WHEN 'Jouets' THEN 'Divers'
END
WHERE "category" IN ('Général', 'Électronique', 'Mode', 'Maison & Jardin', 'Alimentation', 'Santé & Beauté', 'Sport', 'Automobile', 'Livre & Media', 'Jouets');--> statement-breakpoint
UPDATE "products" SET "unit" = CASE "unit"
  WHEN 'bouteille' THEN 'pièce'
  WHEN 'paquet' THEN 'pack'
  WHEN 'cube' THEN 'pièce'
  WHEN 'litre' THEN 'L'
END
WHERE "unit" IN ('bouteille', 'paquet', 'cube', 'litre');
