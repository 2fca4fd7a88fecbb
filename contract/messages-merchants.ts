// French messages of merchant accounts and the stores' published price lists (issue 29, item 3),
// word for word where the issue gives them. A section of the catalogue (contract/messages-fr.ts).

export const merchants = {
  // The application (POST /api/merchants/application)
  storeRequired: 'Choisissez le magasin que vous gérez',
  managerNameRequired: 'Indiquez le nom du gérant',
  managerNameTooLong: 'Le nom du gérant ne doit pas dépasser 100 caractères',
  phoneRequired: 'Indiquez le téléphone du gérant',
  phoneGabon: 'Indiquez un numéro de téléphone gabonais (par exemple 077 28 01 50)',
  notFound: 'Aucun compte marchand pour ce compte',
  alreadyApplied: 'Ce compte a déjà une demande de compte marchand en cours ou acceptée',
  storeTaken: 'Ce magasin a déjà un compte marchand validé',
  notApproved: 'Votre compte marchand n’est pas encore validé par un modérateur',
  // Moderation (/api/admin/merchant-applications)
  applicationNotFound: 'Demande de compte marchand introuvable',
  alreadyReviewed: 'Cette demande de compte marchand a déjà été traitée.',
  statusInvalid: 'Statut invalide : pending, approved ou refused',
  approvedNotification: {
    title: 'Compte marchand validé',
    body: (store: string) => `Votre compte marchand pour ${store} est validé : vous pouvez publier vos prix et vos annonces.`,
  },
  refusedNotification: {
    title: 'Compte marchand refusé',
    body: (store: string, reason: string) => `Votre demande de compte marchand pour ${store} a été refusée : ${reason}`,
  },
  // Price lists (/api/merchants/price-lists)
  fileTooLarge: (mb: number) => `Le fichier dépasse ${mb} Mo`,
  fileFormat: 'Envoyez une liste de prix au format CSV ou XLSX',
  fileUnreadable: 'Ce fichier n’a pas pu être lu : vérifiez qu’il s’agit bien d’une liste de prix CSV ou XLSX',
  fileEmpty: 'Ce fichier ne contient aucune ligne de prix',
  tooManyRows: (max: number) => `Une liste de prix compte au plus ${max.toLocaleString('fr-FR')} lignes : découpez-la en plusieurs fichiers`,
  priceListNotFound: 'Liste de prix introuvable',
  alreadyPublished: 'Cette liste de prix a déjà été publiée',
  mappingPriceRequired: 'Indiquez la colonne du prix',
  mappingNameOrBarcode: 'Indiquez la colonne du nom du produit ou celle du code-barres',
  mappingColumnInvalid: 'Une colonne choisie n’existe pas dans ce fichier',
  mappingColumnTwice: 'Une même colonne est choisie pour deux informations',
  lineUnknown: 'Une ligne envoyée ne fait pas partie de cette liste',
  lineTwice: 'Une ligne de la liste est envoyée deux fois',
  linesRequired: 'Choisissez au moins une ligne à publier',
  priceInvalid: 'Prix invalide : un nombre entier de FCFA, au moins 1',
  // What shoppers see (spec sentences of the issue)
  announcedByStore: 'Prix annoncé par le magasin',
  shelfDiffers: 'Prix en rayon différent',
} as const;
