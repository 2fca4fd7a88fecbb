// Inputs, headers and storage: refused inputs, the data directory lock — part of the one French catalogue (`fr.hardening`).
export const hardening = {
  nulCharacter: 'Le texte envoyé contient un caractère nul, qui n’est pas accepté',
  invalidUnicode: 'Le texte envoyé contient des caractères Unicode invalides',
  tooDeep: 'Le corps de la requête est trop imbriqué',
  urlTooLong: 'L’adresse demandée est trop longue',
  badUrl: 'L’adresse demandée est mal formée',
  headersTooLarge: 'Les en-têtes de la requête sont trop volumineux',
  requestTimeout: 'La requête a pris trop de temps',
  badRequest: 'Requête invalide',
  pushEndpointTaken: 'Cet appareil reçoit déjà les notifications d’un autre compte. Déconnectez-le de cet autre compte, puis réessayez.',
  dataDirLocked: (dir: string, pid: number, since: string) =>
    `Le dossier de données ${dir} est déjà utilisé par un autre processus MonPanier (PID ${pid}, démarré le ${since}). Arrêtez-le avant d’en démarrer un second, ou utilisez un autre DATA_DIR.`,
  dataDirLockedElsewhere: (dir: string, host: string) =>
    `Le dossier de données ${dir} est verrouillé par MonPanier sur la machine « ${host} ». Arrêtez ce processus, ou supprimez le fichier de verrou s’il ne tourne plus.`,
  dataDirLockUnreadable: (file: string) => `Le verrou du dossier de données (${file}) est illisible : vérifiez qu’aucun autre processus MonPanier ne tourne, puis supprimez ce fichier.`,
} as const;
