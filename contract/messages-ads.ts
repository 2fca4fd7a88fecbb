// The ad manager's server texts beyond the spec's own sentences (those are `fr.ads`, below: media
// required, too large, image and video formats, creation error): lifecycle refusals, payment,
// moderators' decisions and the advertiser's notifications. Part of the one catalogue (`fr.adsApi`).
// Amounts arrive formatted (formatXaf): this file cannot import format.ts, which imports the catalogue.
const days = (n: number) => `${n} jour${n > 1 ? 's' : ''}`;

export const adsApi = {
  notFound: 'Annonce introuvable',
  /** An action the ad's status does not allow (the lifecycle's 409). */
  transitionInvalid: (status: string) => `Action impossible : l'annonce est « ${status} ».`,
  transitionInvalidGeneric: "Action impossible pour une annonce dans cet état.",
  notEditable: 'Une annonce refusée, remboursée ou terminée ne peut plus être modifiée.',
  termsLocked: "La durée et le mode de paiement d'une annonce déjà soumise au paiement ne peuvent plus être modifiés.",
  budgetMismatch: (price: string, duration: number) => `Le budget doit correspondre au prix de la durée choisie : ${price} pour ${days(duration)}.`,
  operatorRequired: 'Choisissez Airtel Money ou Moov Money.',
  phoneRequired: 'Veuillez saisir le numéro de téléphone à débiter.',
  phoneInvalid: 'Numéro de téléphone invalide.',
  notBankTransfer: "Cette annonce n'attend pas de virement bancaire.",
  refundNotDue: "Aucun remboursement par virement n'est en attente pour cette annonce.",
  startsAtInvalid: 'Date de début invalide.',

  /** What the advertiser is told to do for a bank transfer. */
  transferInstructions: (reference: string, amount: string) =>
    `Effectuez un virement de ${amount} en indiquant la référence ${reference}. Validation manuelle sous 24h.`,

  statusLabels: {
    draft: 'Brouillon',
    awaiting_payment: 'En attente de paiement',
    awaiting_review: 'En attente de validation',
    scheduled: 'Programmée',
    active: 'En ligne',
    paused: 'En pause',
    expired: 'Terminée',
    rejected: 'Refusée',
    refunded: 'Remboursée',
  } as Record<string, string>,

  // Moderators' decisions (answers of /api/admin/ads/*)
  approved: 'Annonce validée',
  rejected: 'Annonce refusée',
  paymentReceived: 'Paiement enregistré : annonce à valider',
  refundSent: 'Remboursement enregistré',
  auditActions: {
    'ad.approve': 'Annonce validée',
    'ad.reject': 'Annonce refusée',
    'ad.payment_received': "Virement d'annonce reçu",
    'ad.refund_sent': "Virement de remboursement d'annonce envoyé",
    'ad.edit': 'Annonce modifiée par l’annonceur',
  } as Record<string, string>,

  // Notifications to the advertiser
  paidNotification: {
    title: 'Paiement reçu',
    body: (title: string) => `Le paiement de votre annonce « ${title} » est reçu. Elle sera visible dans les 24h après validation.`,
  },
  paymentFailedNotification: {
    title: "Échec du paiement de l'annonce",
    body: (title: string) => `Le paiement de votre annonce « ${title} » n'a pas abouti. Vous pouvez réessayer depuis « Mes annonces ».`,
  },
  approvedNotification: {
    title: 'Annonce validée',
    body: (title: string, start: string, end: string) => `Votre annonce « ${title} » est validée : elle est diffusée du ${start} au ${end}.`,
  },
  rejectedNotification: {
    title: 'Annonce refusée',
    body: (title: string, reason: string, amount: string) => `Votre annonce « ${title} » a été refusée : ${reason}. Son montant de ${amount} vous est remboursé.`,
  },
  refundedNotification: {
    title: 'Remboursement effectué',
    body: (title: string, amount: string) => `Le remboursement de ${amount} pour votre annonce « ${title} » a été effectué.`,
  },
  expiredNotification: {
    title: 'Annonce terminée',
    body: (title: string, impressions: number, clicks: number) =>
      `Votre annonce « ${title} » est terminée : ${impressions} affichage${impressions > 1 ? 's' : ''}, ${clicks} clic${clicks > 1 ? 's' : ''}.`,
  },
};

// Part 2: the spec's sentences of the ad form
export const ads = {
  titleRequired: 'Le titre est obligatoire',
  subtitleRequired: 'Le sous-titre est obligatoire',
  titleTooLong: (max: number) => `Le titre ne doit pas dépasser ${max} caractères`,
  subtitleTooLong: (max: number) => `Le sous-titre ne doit pas dépasser ${max} caractères`,
  descriptionTooLong: (max: number) => `La description ne doit pas dépasser ${max} caractères`,
  durationInvalid: (choices: string) => `Choisissez une durée parmi : ${choices} jours`,
  mediaRequired: 'Veuillez télécharger un fichier média',
  mediaTooLarge: 'Le fichier est trop volumineux. Maximum 10MB.',
  imageFormat: "Format d'image non supporté. Utilisez JPG, PNG, GIF ou WebP.",
  videoFormat: 'Format vidéo non supporté. Utilisez MP4, WebM ou OGG.',
  createError: "Erreur lors de la création de l'annonce",
  targetInvalid: 'Public ciblé invalide : choisissez tout le Gabon, une ville ou un quartier de la liste, ou un public proposé',
  targetUnknown: (place: string) => `Aucun magasin à « ${place} » : choisissez une ville ou un quartier de la liste`,
} as const;
