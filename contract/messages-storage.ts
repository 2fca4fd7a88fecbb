// Texts of the file store (issue 16): what an upload answers when the object store cannot take it.
// Part of the one French catalogue as `fr.storage`; server-only.
export const storage = {
  /** 503 when the object store is unreachable or refuses us: nothing was saved, the user may retry. */
  unavailable: 'Le stockage des fichiers est momentanément indisponible : rien n’a été enregistré. Réessayez dans quelques minutes.',
} as const;
