// French messages of the store finder (/store-finder) and the store steps of the forms: sections of the catalogue (contract/messages-fr.ts).

export const storeFinder = {
  title: 'Trouver un magasin',
  subtitle: 'Supermarchés et épiceries autour de vous.',
  mapLabel: 'Carte des magasins',
  yourPosition: 'Votre position',
  radius: (m: number) => (m >= 1000 ? `${m / 1000} km` : `${m} m`),
  radiusLabel: 'Rayon de recherche',
  found: (n: number) => `${n} magasin${n > 1 ? 's' : ''} à proximité`,
  none: 'Aucun magasin dans ce rayon. Élargissez la recherche.',
  selected: 'Magasin sélectionné',
  contributeHere: 'Contribuer un prix ici',
  distanceKm: (km: string) => `${km} km`,
  locate: 'Me localiser',
  defaultPosition: 'Position par défaut (Libreville) : activez la géolocalisation pour voir les magasins autour de vous.',
} as const;

export const stores = {
  tooManyToday: (max: number) => `Vous avez déjà ajouté ${max} magasins en 24 heures : c’est la limite par personne. Réessayez demain.`,
  notFound: 'Magasin introuvable',
  nameRequired: 'Le nom du magasin est requis',
  queryTooShort: 'La recherche doit contenir au moins 2 caractères',
  positionInvalid: 'Position invalide',
} as const;
