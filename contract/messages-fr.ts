// The sections of the one French message catalogue, read everywhere as fr.<section>.<key>
// (contract/messages.ts). Sentences quoted by the specification are kept word for word.
//
// Each section is its own export, and the sections of one area live in their own file, so that
// the web build ships a screen only the sections it reads: the sections written here are the
// ones the app shell reads on every page (and a few small ones); a new section goes in its area's
// file (messages-<area>.ts) and is re-exported below. This file is in every page's first script
// (the app shell imports it), so a section the shell does not read belongs elsewhere.

export { accountSecurity, register } from './messages-accounts';
export { adminUi } from './messages-admin';
export { adsApi, ads } from './messages-ads';
export { adsUi } from './messages-ads-ui';
export { amountDue } from './messages-amount-due';
export { agentVetting } from './messages-agents';
export { banner } from './messages-banner';
export { barcodes } from './messages-barcodes';
export { scanner, recognition } from './messages-camera';
export { booking, paymentMethods, paymentsUi, checkoutUi } from './messages-checkout';
export { contribute } from './messages-contribute';
export { dashboard, promo } from './messages-dashboard';
export { delivery, agent, orderNotifications, orders } from './messages-deliveries';
export { forms, image } from './messages-forms';
export { handover } from './messages-handover';
export { hardening } from './messages-hardening';
export { importsUi } from './messages-imports';
export { lists, listsUi, optimiserUi } from './messages-lists';
export { merchants } from './messages-merchants';
export { merchantsUi, merchantNav, announcedPrice } from './messages-merchants-ui';
export { moderation } from './messages-moderation';
export { navigation } from './messages-navigation';
export { notifications } from './messages-notifications';
export { offline } from './messages-offline';
export { phone } from './messages-phone';
export { operations } from './messages-operations';
export { optimiserView } from './messages-optimiser-view';
export { livePayments } from './messages-payments';
export { catalogueUi, trustUi } from './messages-catalogue';
export { catalogueHygiene } from './messages-catalogue-hygiene';
export { products, nearbyInvite } from './messages-products';
export { nearbyPrices } from './messages-nearby-prices';
export { receipts } from './messages-receipts';
export { receiptsUi, priceTagUi } from './messages-receipts-ui';
export { profile } from './messages-profile';
export { quality } from './messages-quality';
export { recognitionApi } from './messages-recognition';
export { scannerUi } from './messages-scanner';
export { storeFinder, stores } from './messages-stores';
export { storage } from './messages-storage';

export const brand = {
  name: 'MonPanier',
  tagline: 'Marketplace du Gabon',
  madeIn: 'Développé avec ❤️ au Gabon',
  copyright: (year: number) => `© ${year} MonPanier. Tous droits réservés.`,
} as const;

export const common = {
  loading: 'Chargement...',
  save: 'Enregistrer',
  cancel: 'Annuler',
  close: 'Fermer',
  edit: 'Modifier',
  delete: 'Supprimer',
  confirm: 'Confirmer',
  back: 'Retour',
  next: 'Suivant',
  previous: 'Précédent',
  retry: 'Réessayer',
  yes: 'Oui',
  no: 'Non',
  required: 'Ce champ est obligatoire',
  invalidValue: 'Valeur invalide',
  unknownError: 'Une erreur est survenue. Veuillez réessayer.',
  serverError: 'Erreur interne du serveur. Veuillez réessayer dans quelques instants.',
  notFound: 'Ressource introuvable',
  routeNotFound: 'Adresse inconnue',
  pageNotFound: 'Page introuvable',
  pageNotFoundHint: "La page demandée n'existe pas ou a été déplacée.",
  backHome: "Retour à l'accueil",
  bodyTooLarge: 'La requête est trop volumineuse',
  badJson: 'Le corps de la requête est invalide',
  unsupportedMediaType: 'Type de contenu non supporté',
  tooManyRequests: 'Trop de requêtes. Veuillez patienter avant de réessayer.',
  offline: 'Pas de connexion internet. Vérifiez votre connexion et réessayez.',
} as const;

export const nav = {
  dashboard: 'Tableau de bord',
  products: 'Produits',
  lists: 'Mes listes',
  comparator: 'Comparateur de Prix',
  deliveries: 'Livraisons',
  agentDashboard: 'Tableau de bord',
  agentOrders: 'Mes commandes',
  greeting: 'Bonjour,',
  logout: 'Déconnexion',
  profile: 'Mon profil',
  menu: 'Menu',
  openMenu: 'Ouvrir le menu',
  closeMenu: 'Fermer le menu',
  notifications: 'Notifications',
  unreadBadge: (n: number) => `${n} notification(s) non lue(s)`,
  mainNavigation: 'Navigation principale',
  moderation: { queue: 'Modération', products: 'Produits', catalogue: 'Catalogue', orders: 'Commandes', journal: 'Journal' },
  myAds: 'Mes annonces',
  /** The ad manager's floating button (spec part 2 section 2, word for word). */
  adFab: 'Une annonce à passer? Lance-toi!',
} as const;

export const auth = {
  loginTitle: 'Connexion',
  demoModeratorTitle: 'Compte modérateur de démonstration',
  demoModeratorHint: 'Pour l’espace de modération (/admin).',
  loginSubtitle: 'Connectez-vous pour comparer les prix et faire vos courses malin.',
  agentLoginTitle: 'Espace livreur',
  agentLoginSubtitle: 'Connectez-vous pour voir les commandes à livrer.',
  email: 'Adresse email',
  password: 'Mot de passe',
  confirmPassword: 'Confirmer le mot de passe',
  showPassword: 'Afficher le mot de passe',
  hidePassword: 'Masquer le mot de passe',
  submitLogin: 'Se connecter',
  submittingLogin: 'Connexion...',
  noAccount: 'Pas encore de compte ?',
  createAccount: 'Créer un compte',
  haveAccount: 'Déjà un compte ?',
  signIn: 'Se connecter',
  agentLink: 'Vous êtes livreur ? Espace livreur',
  consumerLink: 'Vous êtes client ? Connexion client',
  termsNotice: 'En vous connectant, vous acceptez nos',
  terms: "Conditions d'utilisation",
  privacy: 'Politique de confidentialité',
  demoTitle: 'Compte de démonstration',
  loginSuccess: 'Connexion réussie',
  welcome: (name: string) => `Bienvenue ${name}!`,
  registerSuccess: 'Inscription réussie',
  logoutSuccess: 'Déconnexion réussie',
  loggingOut: 'Déconnexion en cours...',
  invalidCredentials: 'Identifiants incorrects',
  loginError: 'Erreur de connexion. Veuillez réessayer.',
  agentLoginError: 'Erreur de connexion. Vérifiez vos identifiants.',
  notAnAgent: "Ce compte n'est pas un compte livreur. Utilisez la connexion client.",
  registerError: "Erreur lors de l'inscription",
  emailTaken: 'Un compte existe déjà avec cette adresse email',
  tooManyAttempts: (minutes: number) => `Trop de tentatives de connexion. Réessayez dans ${minutes} minute${minutes > 1 ? 's' : ''}.`,
  sessionRequired: 'Veuillez vous connecter pour continuer',
  sessionExpired: 'Session expirée. Veuillez vous reconnecter.',
  sessionInvalid: 'Session invalide. Veuillez vous reconnecter.',
  forbidden: 'Accès non autorisé',
  consumersOnly: 'Cette fonctionnalité est réservée aux clients',
  agentsOnly: 'Cette fonctionnalité est réservée aux livreurs',
  adminsOnly: 'Cet espace est réservé aux modérateurs',
  accountSuspended: 'Ce compte est suspendu. Contactez le support MonPanier.',
  tooManyRegistrations: (minutes: number) =>
    `Trop d’inscriptions depuis cette adresse. Réessayez dans ${minutes} minute${minutes > 1 ? 's' : ''}.`,
} as const;

export const relativeTime = {
  now: "À l'instant",
  minutes: (n: number) => `Il y a ${n}min`,
  hours: (n: number) => `Il y a ${n}h`,
  days: (n: number) => `Il y a ${n}j`,
} as const;

export const legal = {
  termsTitle: "Conditions d'utilisation",
  privacyTitle: 'Politique de confidentialité',
} as const;

export const location = {
  unsupported: "La géolocalisation n'est pas supportée par votre navigateur",
  denied: "Impossible d'obtenir votre position. Veuillez autoriser la géolocalisation.",
  mapsError: 'Impossible de charger Google Maps',
  searchFailed: 'Recherche de magasins échouée',
} as const;

// Part 2: optimiser
export const optimiser = {
  offline: 'Pas de connexion internet. Vérifiez votre connexion et réessayez.',
  unauthorized: 'Session expirée. Veuillez vous reconnecter.',
  forbidden: 'Accès non autorisé. Veuillez vous reconnecter.',
  notFound: 'Service non disponible. Contactez le support.',
  server: 'Erreur du serveur. Veuillez réessayer dans quelques instants.',
  network: 'Problème de connexion internet...',
  other: "Erreur lors de l'optimisation des prix",
  noPrice: 'Aucun prix trouvé',
  cartError: (detail: string) => `Erreur lors de l'ajout au panier: ${detail}`,
  noItemsForCart: 'Aucun article sélectionné pour ajout au panier',
  switchError: 'Erreur lors du changement de magasin',
} as const;

