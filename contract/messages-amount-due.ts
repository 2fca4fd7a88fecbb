// What is due at the door, said from the payment's state (contract/amount-due.ts), to the agent
// (what to collect) and to the customer (what to pay): part of the one French catalogue
// (`fr.amountDue`). The agent's sentences are issue 30's, word for word.
import type { PaymentType } from './payment-types';

/** The method as it reads inside « Déjà payé (…) ». */
const METHOD: Record<PaymentType, string> = { airtel_money: 'Airtel Money', moov_money: 'Moov Money', card: 'carte', cash: 'espèces' };

export const amountDue = {
  method: METHOD,
  orderTotal: 'Total de la commande',
  agent: {
    cash_due: (amount: string) => `À encaisser : ${amount} en espèces`,
    paid_cash: 'Payé en espèces à la livraison',
    paid_online: (method: PaymentType) => `Déjà payé (${METHOD[method]}) — rien à encaisser`,
    payment_pending: 'Paiement en attente — ne rien encaisser',
    payment_failed: 'Paiement refusé — ne rien encaisser',
    refund_pending: 'Remboursement en cours — ne rien encaisser',
    refunded: 'Remboursé — rien à encaisser',
    refund_failed: 'Remboursement à reprendre — ne rien encaisser',
    cancelled: 'Commande annulée — rien à encaisser',
  },
  customer: {
    cash_due: (amount: string) => `À payer à la livraison : ${amount} en espèces`,
    paid_cash: 'Payé en espèces à la livraison',
    paid_online: (method: PaymentType) => `Déjà payé (${METHOD[method]}) — rien à payer au livreur`,
    payment_pending: 'Paiement en attente — la commande part dès sa confirmation',
    payment_failed: 'Paiement refusé — commande annulée',
    refund_pending: 'Remboursement en cours',
    refunded: 'Remboursement effectué',
    refund_failed: 'Remboursement échoué',
    cancelled: 'Commande annulée — rien à payer',
  },
} as const;
