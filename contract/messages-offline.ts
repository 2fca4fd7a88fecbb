// Texts of the installable, offline-first app (issue 15): the offline indicator, the outbox of list changes and its conflicts, and the actions that need a connection.
// Part of the one French catalogue as `fr.offline`.
export const offline = {
  /** Shown beside (or as the title of) a button whose action needs the server. */
  needsConnection: 'Connexion requise : cette action sera possible dès le retour du réseau.',
} as const;
