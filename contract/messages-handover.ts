// French messages of the handover with proof (issue 30, item 3): the agent's steps after taking an
// order, the completion form, the customer's code and timeline, and the refusals' details.
export const handover = {
  // The agent's steps
  pickedUp: 'Récupérée au magasin',
  enRoute: 'En route',
  finish: 'Terminer la livraison',
  finishTitle: 'Terminer la livraison',
  codeLabel: 'Code de remise (4 chiffres)',
  codeHint: 'Demandez au client le code affiché dans son application.',
  confirmCode: 'Valider le code',
  noCode: 'Le client ne peut pas donner le code : prendre une photo',
  photoLabel: 'Photo de la remise à la porte',
  sendPhoto: 'Envoyer la photo et terminer',
  back: 'Retour',
  sending: 'Envoi...',
  delivered: 'Livraison terminée !',
  deliveredWithoutCode: 'Livraison terminée (sans code), photo enregistrée.',
  opensAt: (time: string) => `La remise ouvre à ${time} (une heure avant le créneau).`,
  // Status words, the same for the agent and the customer
  status: { picked_up: 'Récupérée au magasin', en_route: 'En route', delivered_without_code: 'Livrée (sans code)' },
  // The customer's card
  code: (code: string) => `Code de remise : ${code} — à donner au livreur`,
  timelineTitle: 'Suivi de la commande',
  timeline: {
    created_at: 'Commandée',
    assigned_at: 'Prise en charge par un livreur',
    picked_up_at: 'Récupérée au magasin',
    en_route_at: 'En route',
    delivered_at: 'Livrée',
  },
  proofLink: 'Voir la photo de remise',
  proofAlt: 'Photo prise par le livreur à la remise',
  // Refusals (server)
  codeFormat: 'Le code de remise compte 4 chiffres',
  photoRequired: 'Ajoutez une photo de la remise (JPEG, PNG ou WebP)',
  photoTooLarge: 'La photo dépasse 5 Mo',
  notEnRoute: 'Marquez d’abord la commande « Récupérée au magasin » puis « En route »',
  tooEarly: 'Trop tôt : la livraison ne peut être terminée qu’une heure avant le créneau réservé',
  wrongCode: (left: number) => `Code incorrect : il reste ${left} essai${left > 1 ? 's' : ''}`,
  locked: 'Trop de codes incorrects : la remise est bloquée, un modérateur a été prévenu',
  oneTapGone: 'Terminez la livraison avec le code du client ou une photo de la remise',
  proofNotFound: 'Aucune photo de remise pour cette commande',
  // Moderators
  lockedAlert: {
    title: 'Remise bloquée',
    body: (order: string) => `Cinq codes de remise incorrects pour la commande ${order} : la livraison attend une vérification.`,
  },
  lockedCount: (n: number) => `${n} remise(s) bloquée(s) après cinq codes incorrects`,
} as const;
