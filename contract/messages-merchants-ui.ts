// The screens of merchant accounts (issue 29, item 3): the merchant space /commerce (the application,
// the price-list upload, its review, « Mes prix »), the « Commerçants » queue of /admin and the store's
// announcement in a product's store prices — part of the one French catalogue (`fr.merchantsUi`,
// `fr.merchantNav`, `fr.announcedPrice`). The server's own sentences stay in `fr.merchants`.
const plural = (n: number, one: string, many: string) => (n > 1 ? many : one);

/** The shell's link (its own small section: the app shell ships on every page). */
export const merchantNav = { link: 'Espace commerçant' } as const;

/** A product's store prices (the catalogue's product details). */
export const announcedPrice = {
  byStore: 'Prix annoncé par le magasin',
  on: (date: string) => `le ${date}`,
  /** The store announced another price than the one shown (the shoppers' consensus). */
  differentAmount: (price: string, date: string) => `Prix annoncé par le magasin : ${price} le ${date}`,
  shelfDiffers: 'Prix en rayon différent',
  shelfDiffersHint: 'Les prix relevés récemment en rayon s’écartent de plus de 10 % du prix annoncé par le magasin.',
} as const;

export const merchantsUi = {
  title: 'Espace commerçant',
  subtitle: 'Publiez les prix de votre magasin et faites-les connaître aux clients de MonPanier.',
  loadError: 'Impossible de charger votre espace commerçant.',

  // The application
  applyTitle: 'Demander un compte commerçant',
  applyText: 'Vous gérez un magasin ? Demandez un compte commerçant : après vérification par un modérateur, vous pourrez publier vos prix et vos publicités.',
  store: 'Votre magasin',
  storeSearch: 'Rechercher votre magasin',
  storeSearchPlaceholder: 'Nom, quartier ou ville…',
  storeSearching: 'Recherche…',
  noStoreFound: 'Aucun magasin trouvé',
  storesLoading: 'Chargement des magasins…',
  changeStore: 'Changer de magasin',
  managerName: 'Nom du gérant',
  managerNamePlaceholder: 'Ex. : Marie Nzé',
  phone: 'Téléphone du gérant',
  phonePlaceholder: 'Ex. : 077 28 01 50',
  phoneHint: 'Un modérateur peut vous appeler pour vérifier la demande.',
  submit: 'Envoyer ma demande',
  sent: 'Demande envoyée ! Un modérateur va l’examiner.',
  sendError: 'La demande n’a pas pu être envoyée. Réessayez.',

  // Where the application stands
  pendingTitle: 'Demande en cours d’examen',
  pendingText: 'Un modérateur vérifie votre demande. Dès qu’elle sera acceptée, vous pourrez publier les prix de votre magasin ici.',
  refusedTitle: 'Demande refusée',
  refusedText: 'Votre demande de compte commerçant n’a pas été retenue.',
  refusedReason: (reason: string) => `Motif : ${reason}`,
  applyAgain: 'Faire une nouvelle demande',
  sentOn: (date: string) => `Demande envoyée le ${date}`,
  storeLine: (name: string, place: string) => (place ? `${name} — ${place}` : name),

  // The space
  storeOf: (name: string) => `Magasin : ${name}`,
  sectionsLabel: 'Espace commerçant',
  tabPublish: 'Publier ma liste de prix',
  tabPrices: 'Mes prix',
  myAds: 'Mes publicités',
  myAdsHint: 'Faites connaître vos promotions avec une publicité sur MonPanier.',

  // Publishing: the file
  publishSteps: ['Fichier', 'Colonnes', 'Vérification'] as readonly string[],
  publishStepsLabel: 'Étapes de la publication',
  fileTitle: 'Votre liste de prix',
  fileHint: 'Un fichier CSV ou Excel (XLSX) avec une ligne d’en-tête : le nom ou le code-barres du produit, le prix en FCFA et, si vous voulez, l’unité.',
  chooseFile: 'Choisir un fichier',
  fileLabel: 'Fichier CSV ou XLSX',
  reading: 'Lecture du fichier…',
  uploadError: 'Le fichier n’a pas pu être lu. Réessayez.',
  startOver: 'Choisir un autre fichier',

  // Publishing: the columns
  columnsTitle: 'Les colonnes de votre fichier',
  columnsHint: (file: string) => `Indiquez ce que contient chaque colonne de « ${file} ». Le nom ou le code-barres suffit pour reconnaître un produit.`,
  columns: { name: 'Nom', barcode: 'Code-barres', price: 'Prix', unit: 'Unité' },
  noColumn: '— Aucune —',
  rereading: 'Relecture du fichier…',
  mappingError: 'Les colonnes n’ont pas pu être appliquées. Réessayez.',
  toReview: 'Vérifier les produits',

  // Publishing: the review
  reviewTitle: 'Vérifiez vos prix',
  reviewHint: 'Chaque ligne de votre fichier, le produit du catalogue reconnu et son prix. Corrigez ce qui ne va pas : seules les lignes avec un produit et un prix sont publiées.',
  linesTitle: (n: number) => `${n} ${plural(n, 'ligne lue', 'lignes lues')}`,
  toVerify: (n: number) => `${n} ${plural(n, 'ligne à vérifier', 'lignes à vérifier')}`,
  read: 'Lu',
  barcode: (code: string) => `Code-barres ${code}`,
  unit: (unit: string) => `Unité : ${unit}`,
  product: 'Produit',
  noProduct: 'Aucun produit reconnu : choisissez-le, sinon cette ligne ne sera pas publiée.',
  excluded: 'Pas dans le catalogue : cette ligne ne sera pas publiée.',
  putBack: 'Garder cette ligne',
  changeProduct: 'Changer',
  changeProductFor: (read: string) => `Changer le produit de « ${read} »`,
  changeTitle: (read: string) => `Produit pour « ${read} »`,
  candidates: 'Produits possibles',
  notInCatalogue: 'Pas dans le catalogue',
  closeChange: 'Fermer',
  price: 'Prix (FCFA)',
  priceFor: (name: string) => `Prix de ${name} (FCFA)`,
  lowConfidence: 'Correspondance incertaine : vérifiez le produit.',
  changed: 'Corrigé',
  replaced: (name: string) => `Produit remplacé par ${name}`,
  publish: (n: number) => `Publier ${n} prix`,
  publishError: 'Les prix n’ont pas pu être publiés. Réessayez.',
  published: (created: number, held: number) =>
    held > 0
      ? `${created} prix ${plural(created, 'publié', 'publiés')}, ${held} en attente de vérification par un modérateur`
      : `${created} prix ${plural(created, 'publié', 'publiés')}`,
  publishedTitle: 'Prix publiés',
  publishedText: 'Vos prix apparaissent dans le catalogue comme « Prix annoncé par le magasin ». Un prix très différent des relevés récents attend l’avis d’un modérateur.',
  seeMyPrices: 'Voir mes prix',
  publishAnother: 'Publier une autre liste',

  // « Mes prix »
  pricesTitle: 'Mes prix',
  pricesHint: 'Vos prix annoncés, le prix que voient les clients et le prix le moins cher à proximité, celui auquel ils vous comparent.',
  pricesLoadError: 'Impossible de charger vos prix.',
  noPrices: 'Aucun prix publié',
  noPricesText: 'Publiez votre liste de prix : vos prix apparaîtront ici.',
  announced: 'Prix annoncé',
  announcedOn: (date: string) => `le ${date}`,
  shown: 'Prix affiché',
  nearbyCheapest: (price: string, store: string, km: string) => `Moins cher près de vous : ${price} chez ${store} (${km} km)`,
  youAreCheapest: (price: string, store: string, km: string) => `Vous êtes le moins cher à proximité (ensuite : ${price} chez ${store}, ${km} km)`,
  noNearby: 'Aucun autre magasin à moins de 10 km n’affiche ce produit',

  // The moderation space: the « Commerçants » queue
  admin: {
    tab: 'Commerçants',
    queueLabel: 'Demandes de comptes commerçants',
    emptyPending: 'Aucune demande en attente',
    emptyPendingText: 'Les gérants de magasin qui demandent un compte commerçant attendent ici votre décision.',
    cardLabel: (store: string) => `Demande pour ${store}`,
    store: 'Magasin',
    manager: 'Gérant',
    phone: 'Téléphone',
    account: 'Compte',
    sentOn: (date: string) => `Demande du ${date}`,
    status: { pending: 'En attente', approved: 'Acceptée', refused: 'Refusée' },
    approve: 'Approuver',
    refuse: 'Refuser',
    refuseTitle: 'Refuser la demande',
    refuseDescription: (store: string) => `Le demandeur lira ce motif. Magasin : ${store}.`,
    refuseHint: 'Le demandeur lira ce motif.',
    confirmRefuse: 'Refuser la demande',
    approved: 'Compte commerçant approuvé',
    refused: 'Demande refusée',
  },
} as const;
