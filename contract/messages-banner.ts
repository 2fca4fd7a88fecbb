// The promo banner's own texts (issue 14): the house slides shown when fewer than five ads fit the
// user, and the promotional notification an ad with a targeted audience sends. Every house slide
// says something the product really does (no "-30 %", no 2-hour express, no loyalty points).
// Part of the one French catalogue as `fr.banner`.
export const banner = {
  houseSlides: {
    // Non-breaking spaces, as in formatted amounts: "25 000 FCFA" never breaks across lines.
    'free-delivery': { title: 'Livraison gratuite dès 25\u202f000\u00a0FCFA', subtitle: 'Les frais de livraison sont offerts quand vos articles atteignent 25\u202f000\u00a0FCFA' },
    compare: { title: "Comparez avant d'acheter", subtitle: "L'optimiseur trouve le panier le moins cher, dans 3 magasins au plus" },
    contribute: { title: 'Contribuez aux prix', subtitle: 'Vos relevés en magasin aident tout le monde à payer moins cher' },
    'list-from-photo': { title: 'Une liste depuis une photo', subtitle: 'Photographiez votre liste papier, un PDF ou un fichier : MonPanier la remplit pour vous' },
    'new-stores': { title: 'Les magasins près de chez vous', subtitle: 'Trouvez les magasins de Libreville et Port-Gentil et comparez leurs prix' },
  },
  /** The label that marks paid content in the banner and in notifications. */
  sponsored: 'Annonce',
  promotion: {
    title: (adTitle: string) => `Annonce · ${adTitle}`,
  },
} as const;
