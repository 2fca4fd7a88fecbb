// Agent applications and what agents see of customers (/admin agent queue, agent space) — part of the one French catalogue (`fr.agentVetting`).
const plural = (n: number, word: string) => `${n} ${word}${n > 1 ? 's' : ''}`;

export const agentVetting = {
  // Registration ("Livreur" choice)
  registerHint: 'Je livre les commandes des clients. Ma candidature sera examinée avant mes premières livraisons.',
  registeredAsAgent: 'Candidature envoyée ! Un modérateur va l’examiner.',

  // Answers of the API
  pendingDetail: 'Votre candidature de livreur est en cours d’examen : les commandes seront visibles dès qu’elle sera acceptée.',
  refusedDetail: 'Votre candidature de livreur a été refusée : les commandes ne vous sont pas accessibles.',
  applicationNotFound: 'Candidature de livreur introuvable',
  alreadyReviewed: 'Cette candidature a déjà été traitée',
  approvedResult: 'Livreur accepté',
  refusedResult: 'Candidature refusée',

  // Notifications
  approvedNotification: {
    title: 'Candidature acceptée',
    body: 'Bienvenue parmi les livreurs MonPanier ! Les commandes disponibles s’affichent maintenant dans votre espace livreur.',
  },
  refusedNotification: {
    title: 'Candidature refusée',
    body: (reason: string) => `Votre candidature de livreur n’a pas été retenue. Motif : ${reason}`,
  },
  orderReleased: {
    title: 'Changement de livreur',
    body: 'Votre livreur n’est plus disponible : votre commande est de nouveau proposée aux livreurs, un autre va la prendre en charge.',
  },

  // Where an order goes, without its address
  areaDistrict: (district: string, city: string) => `${district}, ${city}`,
  areaAround: (city: string) => `Environs ${/^[aeiouyàâéèêîôû]/i.test(city) ? 'd’' : 'de '}${city}`,
  areaUnknown: 'Secteur non précisé',

  // The agent space: the application
  pendingTitle: 'Candidature en cours d’examen',
  pendingText:
    'Merci pour votre inscription ! Un modérateur vérifie votre candidature. Dès qu’elle sera acceptée, vous verrez ici les commandes disponibles et recevrez une notification.',
  refusedTitle: 'Candidature refusée',
  refusedText: 'Votre candidature de livreur n’a pas été retenue.',
  refusedReason: (reason: string) => `Motif : ${reason}`,
  sentOn: (date: string) => `Candidature envoyée le ${date}`,
  applicationLoadError: 'Impossible de charger l’état de votre candidature.',

  // The agent space: orders
  area: 'Secteur',
  articles: 'Articles',
  distanceFromYou: (km: string) => `à ${km} km de vous`,
  distanceFromStores: (km: string) => `${km} km depuis les magasins`,
  itemCount: (n: number) => plural(n, 'article'),
  storeCount: (n: number) => plural(n, 'magasin'),
  storesLabel: 'Magasins',
  testOrder: 'Commande test',
  testOrderHint: 'Payée avec le bac à sable de paiement : aucun argent n’a été débité.',
  contactHidden: 'Les coordonnées du client et l’adresse exacte s’affichent quand vous prenez la commande.',
  contactUntil: (date: string) => `Coordonnées visibles jusqu’au ${date}`,
  contactExpired: 'Coordonnées du client masquées 24 h après la livraison.',
  noContact: 'Coordonnées masquées',
  columns: { where: 'Secteur / client', what: 'Articles' },

  // The moderation space: the "Livreurs" queue
  admin: {
    tab: 'Livreurs',
    queueLabel: 'Candidatures de livreurs',
    filterLabel: 'État des candidatures',
    filters: { pending: 'En attente', approved: 'Acceptés', refused: 'Refusés' },
    emptyPending: 'Aucune candidature en attente',
    emptyPendingText: 'Les comptes inscrits comme « Livreur » attendent ici votre décision avant de voir des commandes.',
    emptyApproved: 'Aucun livreur accepté',
    emptyRefused: 'Aucune candidature refusée',
    cardLabel: (name: string) => `Candidature de ${name}`,
    registeredOn: (date: string) => `Inscrit le ${date}`,
    reviewedOn: (date: string) => `Décision du ${date}`,
    email: 'E-mail',
    phone: 'Téléphone',
    country: 'Pays / région',
    status: { pending: 'En attente', approved: 'Accepté', refused: 'Refusé' } as Record<string, string>,
    suspended: 'Suspendu',
    approve: 'Accepter',
    refuse: 'Refuser',
    refuseTitle: 'Refuser cette candidature',
    refuseDescription: (name: string) => `${name} verra ce motif et n’aura pas accès aux commandes.`,
    confirmRefuse: 'Refuser la candidature',
    suspend: 'Suspendre',
    suspendTitle: 'Suspendre ce livreur',
    suspendDescription: (name: string) =>
      `${name} ne pourra plus se connecter ; ses commandes en cours retournent parmi les commandes disponibles et leurs clients sont prévenus.`,
  },
  auditActions: { 'agent.approve': 'Livreur accepté', 'agent.refuse': 'Candidature de livreur refusée' } as Record<string, string>,
} as const;
