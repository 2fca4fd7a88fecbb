// Payments live or test: the sandbox outside development, test orders, refunds — part of the one French catalogue (`fr.livePayments`).
// Marked pure: the web build may then leave this file out of the pages that never read it.
const notYet = (what: string) => `Le paiement ${what} n'est pas encore disponible. Choisissez un autre moyen de paiement.`;

export const livePayments = {
  // Booking with a method no provider may take on this server (production without the sandbox)
  methodUnavailable: {
    card: /* @__PURE__ */ notYet('par carte'),
    moov_money: /* @__PURE__ */ notYet('par Moov Money'),
    airtel_money: /* @__PURE__ */ notYet('par Airtel Money'),
  },
  methodUnavailableGeneric: /* @__PURE__ */ notYet('par ce moyen'),
  sandboxDisabled: "Le paiement de test n'est pas disponible sur ce serveur.",

  // The booking form
  unavailableOption: (name: string) => `${name} (indisponible)`,
  unavailableTag: 'Indisponible',
  testMethodNote: 'Mode test : aucun argent réel ne sera débité et la commande sera marquée « Commande test ».',

  cancelledTitle: 'Commande annulée',

  // Test orders, wherever the customer sees one
  testOrder: 'Commande test',
  testOrderNote: 'Payée en mode test : aucun argent réel n’a été débité.',

  // Refunds of cancelled paid orders
  refund: {
    pending: 'Remboursement en cours',
    succeeded: 'Remboursement effectué',
    failed: 'Remboursement échoué',
  },
  refundNote: {
    pending: (amount: string) => `${amount} vous seront reversés sur le moyen de paiement utilisé.`,
    succeeded: (amount: string) => `${amount} vous ont été reversés sur le moyen de paiement utilisé.`,
    failed: 'Le remboursement n’a pas abouti. Contactez-nous pour le récupérer.',
    test: 'Commande test : aucun argent réel n’avait été débité.',
  },
  refundedOn: (date: string) => `le ${date}`,
  cancelPaidText: 'La livraison sera annulée, votre liste redeviendra modifiable et le montant payé vous sera remboursé.',
} as const;
