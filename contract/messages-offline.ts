// Texts of the installable, offline-first app (issue 15): the offline indicator, the outbox of list changes and its conflicts, and the actions that need a connection.
// Part of the one French catalogue as `fr.offline`.
const plural = (n: number, word: string) => `${n} ${word}${n > 1 ? 's' : ''}`;

export const offline = {
  /** Shown beside (or as the title of) a button whose action needs the server. */
  needsConnection: 'Connexion requise : cette action sera possible dès le retour du réseau.',

  // The indicator in the shell
  indicatorLabel: 'État de la connexion',
  offline: 'Hors connexion',
  waiting: (n: number) => `${plural(n, 'modification')} en attente`,
  sending: (n: number) => `Envoi de ${plural(n, 'modification')}…`,
  sent: (n: number) => `Connexion rétablie : ${plural(n, 'modification')} ${n > 1 ? 'envoyées' : 'envoyée'}`,
  retrying: (n: number) => `${plural(n, 'modification')} en attente : nouvel essai bientôt`,

  // Lists
  listsOfflineNote: 'Hors connexion : vos listes restent consultables et modifiables. Vos changements seront envoyés au retour du réseau ; supprimer et dupliquer demandent une connexion.',
  listsFetchedAt: (when: string) => `Listes du serveur reçues le ${when}.`,
  savedOnDevice: 'Enregistré sur cet appareil : ce sera envoyé dès le retour du réseau.',
  pendingBadge: 'En attente d’envoi',
  itemsToBuy: 'Articles (cochez-les au fil des courses)',
  tick: (item: string) => `${item} : acheté`,

  // Data shown from this device's copy
  snapshot: (when: string) => `Hors connexion : données du ${when}, peut-être plus à jour.`,
  /** The list editor offline: its catalogue search shows only the products this device saved. */
  searchOffline: 'Hors connexion : la recherche ne montre que les produits enregistrés sur cet appareil ; tout le catalogue reviendra avec le réseau.',
  /** Offline, a product search (catalogue, list builder, comparator) shows what this device saved, and says so (issue 28, item 8). */
  savedResultsOnly: 'Pas de connexion : résultats enregistrés seulement',
  optimisationSnapshot: (when: string) => `Hors connexion : dernière optimisation, calculée le ${when} ; les prix ont peut-être changé depuis.`,
  noSnapshot: 'Hors connexion : cette page n’a pas encore été consultée sur cet appareil. Elle s’affichera au retour du réseau.',

  // Changes made offline that could not be merged with those made elsewhere (named item and list)
  itemRemovedElsewhere: (item: string, list: string) =>
    `« ${item} » a été retiré de la liste « ${list} » sur un autre appareil : votre changement sur cet article n’a pas été appliqué.`,
  renamedElsewhere: (replaced: string, list: string) =>
    `Cette liste avait été renommée « ${replaced} » sur un autre appareil : elle garde le nom que vous lui avez donné, « ${list} ».`,
  listFull: (item: string, list: string) => `La liste « ${list} » est pleine : « ${item} » n’y a pas été ajouté.`,
  listDeletedElsewhere: (list: string) => `La liste « ${list} » a été supprimée sur un autre appareil : vos changements hors connexion n’ont pas été gardés.`,
  changesRefused: (list: string, reason: string) => `Vos changements sur « ${list} » n’ont pas été enregistrés : ${reason}`,

  // Server answers
  idempotencyKeyInvalid: 'L’en-tête Idempotency-Key est invalide : de 8 à 200 caractères visibles, sans espace.',
  idempotencyKeyReused: 'Cette clé Idempotency-Key a déjà servi pour une autre requête : utilisez une nouvelle clé.',
  listIdTaken: 'Cet identifiant de liste est déjà utilisé.',
} as const;
