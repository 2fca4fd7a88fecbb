// The document import's texts (/create-list import mode and the comparator's import modal), part
// of the one French catalogue (`fr.importsUi`). The spec's own sentences stay in `fr.lists`
// ('Veuillez sélectionner une image', 'La taille du fichier ne doit pas dépasser 10MB',
// "Impossible d'extraire les articles du document", 'Erreur lors du traitement du document').
export const importsUi = {
  hint: 'Photographiez votre liste (écrite à la main ou imprimée), choisissez une photo, un PDF ou un fichier texte, ou collez-la ci-dessous.',
  takePhoto: 'Prendre une photo',
  chooseFile: 'Choisir un fichier',
  formats: 'Photo (JPEG, PNG, WebP), PDF, .txt ou .csv — 10\u00a0Mo au plus.',
  or: 'ou',
  pastedText: 'Texte collé',
  pastedLines: (n: number) => `${n} ligne${n > 1 ? 's' : ''}`,
  photoPreview: (name: string) => `Aperçu de ${name}`,
  removeFile: 'Retirer le fichier',
  retry: 'Réessayer',

  progressLabel: 'Analyse du document',
  stage: {
    uploading: 'Envoi du document…',
    reading: 'Lecture du document…',
    preparing: "Préparation de l'image…",
    recognising: 'Reconnaissance du texte…',
    matching: 'Recherche dans le catalogue…',
  },
  page: (page: number, pages: number) => `(page ${page}/${pages})`,
  percent: (n: number) => `${n} %`,

  reviewTitle: 'Articles trouvés',
  reviewHint: 'Vérifiez chaque article : décochez ceux que vous ne voulez pas et changez un produit mal reconnu.',
  handwritingNote: "Liste manuscrite ? Vérifiez les articles : l'écriture à la main peut demander quelques corrections.",
  lowConfidenceCount: (n: number) => `${n} article${n > 1 ? 's' : ''} à vérifier`,
  read: 'Lu',
  manualItem: 'Article manuel',
  confidence: { high: 'Sûr', medium: 'Probable', low: 'Incertain' },
  confidenceTitle: { high: 'Correspondance sûre', medium: 'Correspondance probable', low: 'Correspondance incertaine : vérifiez ce produit' },
  changed: 'Modifié',
  include: (name: string) => `Ajouter ${name}`,
  change: 'Changer',
  changeFor: (read: string) => `Changer le produit pour « ${read} »`,
  changeTitle: (read: string) => `Remplacer le produit lu « ${read} »`,
  suggestions: 'Suggestions',
  keepManual: 'Garder comme article manuel',
  manualName: "Nom de l'article",
  closeChange: 'Fermer',
  addItems: (n: number) => `Ajouter ${n} article${n > 1 ? 's' : ''}`,
  replaced: (name: string) => `Remplacé par ${name}`,

  // The comparator's import modal
  tabLists: 'Mes listes',
  tabDocument: 'Depuis un document',
  addedToSelection: (n: number) => `${n} article${n > 1 ? 's' : ''} ajouté${n > 1 ? 's' : ''} à la sélection`,
} as const;
