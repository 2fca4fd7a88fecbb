// Texts of the optimiser's result view (issue 15): like-for-like headlines, missing items, the plan grouped by store.
// Part of the one French catalogue as `fr.optimiserView`.
const s = (n: number) => (n > 1 ? 's' : '');

export const optimiserView = {
  /** The new list that keeps the items a booked cart left out (at most 100 characters). */
  remainingListName: (name: string) => `${name.slice(0, 80)} — reste à acheter`,

  // Headline: each total says how many items it buys, and what it leaves out.
  itemsBought: (bought: number, total: number) => (bought === total ? `${total} article${s(total)}` : `${bought} article${s(bought)} sur ${total}`),
  missingCount: (n: number) => `${n} manquant${s(n)}`,
  savingsOnCommon: (n: number) => `Économies sur ${n} article${s(n)} commun${s(n)}`,
  missingAtNearest: (store: string, names: readonly string[]) => `${store} n’a pas : ${names.join(', ')}. Son total ne ${names.length > 1 ? 'les' : 'le'} compte pas.`,

  // The plan, store by store.
  storeLine: (items: number) => `${items} article${s(items)}`,
  subtotal: 'Sous-total',
  storeDelivery: 'Livraison',
  storeDeliveryFree: 'offerte',
  leftOutGroup: 'Pas dans ce panier',

  // Before adding a view with left-out items to the cart.
  leftOutTitle: 'Des articles ne seront pas dans ce panier',
  leftOutIntro: (n: number) => `${n} article${s(n)} de votre liste ${n > 1 ? 'ne sont' : 'n’est'} pas dans ce panier :`,
  leftOutKeptOnList: (n: number, listName: string) =>
    `À la réservation, ${n > 1 ? 'ils passent' : 'il passe'} dans une nouvelle liste « ${listName} », à comparer et commander à part.`,
  leftOutNotKept: (n: number) => (n > 1 ? 'Ils ne seront ni achetés ni livrés.' : 'Il ne sera ni acheté ni livré.'),
  leftOutConfirm: 'Ajouter sans ces articles',
  leftOutChooseStore: 'Choisir un autre magasin',
  leftOutReason: {
    unavailable_at_nearest: (store: string) => `indisponible chez ${store}`,
    not_obtainable: (n: number) => `hors des ${n} magasins retenus`,
    unpriced: 'aucun prix connu',
  },

  // Booking confirmation.
  remainingTitle: (n: number) => `${n} article${s(n)} reste${n > 1 ? 'nt' : ''} à acheter`,
  remainingText: (n: number, name: string) =>
    n > 1 ? `Ils n’étaient pas dans ce panier : ils vous attendent dans la liste « ${name} ».` : `Il n’était pas dans ce panier : il vous attend dans la liste « ${name} ».`,
  remainingCompare: 'Comparer cette liste',

  // The comparator's import of a saved list.
  importLocked: {
    pending_delivery: 'En attente de livraison : déjà réservée, elle ne peut pas l’être une seconde fois.',
    archived: 'Archivée : dupliquez-la depuis « Mes listes » pour la commander à nouveau.',
    cart_validated: 'Panier validé : dupliquez-la depuis « Mes listes » pour la commander à nouveau.',
  },
} as const;
