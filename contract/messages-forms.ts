// Texts of the forms of issue 15: images checked when they are picked, which lists can be delivered
// and why the others cannot. Part of the one French catalogue as `fr.forms`.
export const forms = {
  image: {
    notAnImage: "Ce fichier n'est pas une image. Choisissez une photo JPG, PNG, WebP ou GIF.",
    notShownHere: 'Ce navigateur ne sait pas afficher cette photo (HEIC). Choisissez une photo JPG ou PNG.',
    checking: "Vérification de l'image…",
  },
  delivery: {
    /** Some lists cannot be delivered: the heading of their explanation. */
    othersTitle: (count: number) => (count > 1 ? 'Ces listes ne peuvent pas être livrées :' : 'Cette liste ne peut pas être livrée :'),
    /** Every list the user has is blocked. */
    noneDeliverable: 'Aucune de vos listes ne peut être livrée pour le moment.',
    reasons: {
      pending_delivery: 'une livraison est déjà en cours pour cette liste',
      archived: "déjà livrée : une liste n'est livrée qu'une fois, dupliquez-la dans Mes listes pour la commander à nouveau",
      cart_validated: 'son panier a été validé dans le comparateur',
      empty: 'elle est vide : ajoutez-y des articles',
    },
    blockedList: (name: string, reason: string) => `« ${name} » : ${reason}`,
    toMyLists: 'Ouvrir Mes listes',
    createList: 'Créer une liste',
  },
} as const;

export const image = {
  unsupported: "Format d'image non supporté. Utilisez JPG, PNG, GIF ou WebP.",
  unreadable: "L'image est illisible ou corrompue",
  tooManyPixels: "L'image est trop grande (dimensions)",
  productTooLarge: 'Taille d\'image maximum 5MB',
  onlyOneMain: 'Une seule image principale autorisée',
  galleryMax: 'Maximum 3 images autorisées',
} as const;
