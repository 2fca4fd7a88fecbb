// French messages of till receipts (issue 29, item 1), word for word where the issue gives them.

export const receipts = {
  notAReceipt: 'Ce document ne ressemble pas à un ticket de caisse',
  format: 'Envoyez une photo (JPEG, PNG ou WebP) ou un ticket PDF',
  notFound: 'Ticket introuvable',
  position: 'Position invalide : indiquez la latitude et la longitude ensemble',
  stillReading: 'Ce ticket est encore en cours de lecture',
  alreadySubmitted: 'Les prix de ce ticket ont déjà été envoyés',
  alreadyCounted: 'Ce ticket a déjà été envoyé : un ticket ne compte qu’une fois',
  notReadable: 'Ce ticket n’a pas pu être lu : envoyez-en une autre photo',
  dateFormat: 'Date du ticket invalide : attendu une date et une heure (ISO 8601)',
  lineUnknown: 'Une ligne envoyée ne fait pas partie de ce ticket',
  lineTwice: 'Une ligne du ticket est envoyée deux fois',
  labelNotFound: 'Cette correspondance d’étiquette est introuvable',
  proofNotFound: 'Pas de photo de ce ticket',
  readingFailed: 'La lecture du ticket a échoué',
  auditActions: { 'receipt_label.approve': 'Étiquette de ticket validée', 'receipt_label.reject': 'Étiquette de ticket refusée' } as Record<string, string>,
  dateInvalid: (days: number) => `La date du ticket doit être passée et dater de moins de ${days} jours`,
} as const;
