// The moderation space's texts (/admin), part of the one French catalogue (`fr.adminUi`).
export const adminUi = {
  // Answers of the moderation API
  approved: 'Prix validé',
  rejected: 'Prix refusé',
  suggestionApplied: 'Modification appliquée',
  suggestionRefused: 'Modification refusée',
  reverted: 'Produit rétabli',
  suspended: 'Compte suspendu',
  reinstated: 'Compte rétabli',
} as const;
