// French messages of « Prix près de chez vous » (issue 28, item 5): the city filter of a product's
// prices, the stores' distances, and the position a product page may be asked for.

export const nearbyPrices = {
  cityFilter: 'Ville',
  allCities: 'Toutes les villes',
  /** A store's distance from the user: « à 2,3 km ». */
  distance: (km: string) => `à ${km} km`,
  noPriceInCity: (city: string) => `Aucun prix enregistré à ${city} pour ce produit.`,
  citySaveError: 'Impossible d’enregistrer la ville choisie',
  latitudeInvalid: 'La latitude doit être un nombre entre -90 et 90',
  longitudeInvalid: 'La longitude doit être un nombre entre -180 et 180',
  positionIncomplete: 'Indiquez la latitude et la longitude ensemble',
  cityInvalid: 'Ville invalide',
  cityUnknown: 'Aucun magasin dans cette ville : choisissez une ville de la liste',
} as const;
