// French messages of price moderation (flags, held prices, the contributors' notifications): sections of the catalogue (contract/messages-fr.ts).

/** Trust and moderation: flags, product suggestions, the moderators' decisions (server side). */
export const moderation = {
  // A product's size, corrected by a moderator (PUT /api/admin/products/{id}/size)
  sizeInvalid: 'La contenance doit être un nombre positif (en g ou en mL), au plus 1 000 000.',
  sizeUnitInvalid: 'L’unité de contenance doit être g ou mL.',
  sizeNeedsUnit: 'Indiquez la contenance et son unité ensemble, ou ni l’une ni l’autre.',
  packInvalid: 'Le nombre d’articles par lot doit être un entier de 1 à 1 000.',
  flagReasons: {
    wrong_price: 'Prix erroné',
    wrong_product: 'Mauvais produit',
    wrong_store: 'Mauvais magasin',
    outdated: 'Prix périmé',
    outlier: 'Prix hors norme (détection automatique)',
  },
  flagReasonRequired: 'Veuillez choisir un motif de signalement',
  flagged: 'Merci ! Ce prix sera vérifié par un modérateur.',
  alreadyFlagged: 'Vous avez déjà signalé ce prix.',
  tooManyFlags: (max: number) => `Vous avez atteint la limite de ${max} signalements par jour. Réessayez demain.`,
  observationNotFound: 'Prix introuvable',
  observationNotFlaggable: 'Ce prix n’est pas publié : il ne peut pas être signalé.',
  alreadyReviewed: 'Ce prix a déjà été traité par un modérateur.',
  reasonRequired: 'Veuillez indiquer un motif',
  reasonTooLong: 'Le motif ne doit pas dépasser 500 caractères',
  suggestionSent: 'Modification envoyée pour vérification',
  suggestionNotFound: 'Suggestion introuvable',
  suggestionAlreadyReviewed: 'Cette suggestion a déjà été traitée.',
  revisionNotFound: 'Version introuvable pour ce produit',
  revisionIsCurrent: 'Le produit est déjà dans cette version.',
  revertedTo: (number: number) => `Retour à la version ${number}`,
  barcodeClaimedFrom: (code: string, product: string) => `Code-barres ${code} repris à « ${product} » par un modérateur`,
  barcodeGivenTo: (code: string, product: string) => `Code-barres ${code} rendu à « ${product} » par un modérateur`,
  barcodeAlreadyHere: 'Ce produit porte déjà ce code-barres.',
  userNotFound: 'Compte introuvable',
  alreadySuspended: 'Ce compte est déjà suspendu.',
  cannotSuspendModerator: 'Un modérateur ne peut pas être suspendu depuis cet espace.',
  notSuspended: 'Ce compte n’est pas suspendu.',
  // Notifications to contributors
  rejectedTitle: 'Prix refusé',
  rejectedBody: (product: string, store: string, price: string, reason: string) =>
    `Votre prix de ${price} pour « ${product} » chez ${store} a été refusé par un modérateur : ${reason}`,
  approvedTitle: 'Prix validé',
  approvedBody: (product: string, store: string, price: string) => `Votre prix de ${price} pour « ${product} » chez ${store} a été validé par un modérateur. Merci !`,
  suggestionAppliedTitle: 'Modification acceptée',
  suggestionAppliedBody: (product: string) => `Votre modification de « ${product} » a été acceptée par un modérateur. Merci !`,
  suggestionRefusedTitle: 'Modification refusée',
  suggestionRefusedBody: (product: string, reason: string) => `Votre modification de « ${product} » a été refusée : ${reason}`,
} as const;
