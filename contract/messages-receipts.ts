// French messages of till receipts (issue 29, item 1), word for word where the issue gives them.

export const receipts = {
  notAReceipt: 'Ce document ne ressemble pas à un ticket de caisse',
  format: 'Envoyez une photo (JPEG, PNG ou WebP) ou un ticket PDF',
  notFound: 'Ticket introuvable',
  position: 'Position invalide : indiquez la latitude et la longitude ensemble',
} as const;
