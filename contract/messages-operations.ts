// Texts of running several instances (issue 16): what GET /api/ready answers a load balancer when
// this instance should get no traffic. Part of the one French catalogue as `fr.operations`; server-only.
export const operations = {
  /** 503: the database does not answer. */
  databaseUnreachable: 'Instance non prête : la base de données ne répond pas.',
  /** 503: the database lacks migrations this version needs. */
  migrationsPending: 'Instance non prête : la base de données n’a pas encore toutes les migrations de cette version.',
  /** 503: the connection to the database was lost during this request (a restart, a failover). */
  databaseLost: 'La base de données est momentanément injoignable : votre demande n’a pas abouti. Réessayez dans quelques instants.',
  /** 503: the instance is stopping (SIGTERM) and finishes what it started. */
  shuttingDown: 'Instance en cours d’arrêt : elle termine les requêtes et les tâches en cours.',
} as const;
