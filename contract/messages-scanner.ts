// Texts of the "Scanner intelligent" (product recognition) and of the live barcode scanner (the
// catalogue search, the contribute page), part of the one French catalogue (`fr.scannerUi`). The
// spec's own sentences stay in `fr.recognition` ('Produit analysé avec succès!', "Échec de l'analyse
// du produit", "Erreur lors de l'analyse du produit", "Impossible d'accéder à la caméra. Vérifiez
// les permissions.", 'Aucune image à analyser') and `fr.lists` ('Veuillez sélectionner une image',
// 'La taille du fichier ne doit pas dépasser 10MB').
export const scannerUi = {
  description: 'Photographiez un produit ou son code-barres : nous le reconnaissons pour vous.',
  cameraView: 'Vue de la caméra',
  cameraStarting: 'Ouverture de la caméra…',
  fileHint: 'JPG, PNG ou WebP, 10 Mo maximum',
  analyse: 'Analyser le produit',
  analysing: 'Analyse en cours…',
  analysingHint: 'Lecture du code-barres et de l’étiquette, recherche dans le catalogue…',

  resultTitle: 'Produit suggéré',
  inCatalogue: 'Dans le catalogue',
  newProduct: 'Nouveau produit',
  brand: 'Marque',
  category: 'Catégorie',
  unit: 'Unité',
  estimatedPrice: 'Prix estimé',
  noPrice: 'Pas encore de prix',
  unknown: '—',
  confidence: 'Confiance',
  percent: (n: number) => `${n}\u00a0%`,
  guess: 'Simple supposition : la confiance est faible. Vérifiez le nom, la marque et la catégorie avant de les utiliser.',
  labelsTitle: 'Éléments détectés',
  noLabels: 'Aucun élément lisible sur la photo.',
  useProduct: 'Utiliser ce produit',
  newAnalysis: 'Nouvelle analyse',

  barcodeTitle: 'Scanner un code-barres',
  barcodeHint: 'Placez le code-barres dans le cadre : il est lu tout seul.',
  barcodeNoCamera: 'Pas de caméra ? Choisissez une photo du code-barres.',
  barcodeFile: 'Choisir une photo du code-barres',
  or: 'ou',
  barcodeReading: 'Lecture du code-barres…',
  barcodeNone: 'Aucun code-barres lisible sur cette photo. Rapprochez-vous du code et évitez les reflets.',
  barcodeRead: (code: string) => `Code-barres lu : ${code}`,
  readerUnavailable: 'Le lecteur de codes-barres n’a pas pu se charger. Vérifiez votre connexion et réessayez.',

  lookingUp: (code: string) => `Recherche du produit ${code}…`,
  productFound: (name: string) => `Produit sélectionné : ${name}`,
  productUnknown: (code: string) => `Aucun produit ne porte le code-barres ${code}. Cherchez-le par son nom, puis ajoutez-lui ce code-barres.`,
  searchByName: 'Chercher par nom',
  attachBarcode: (code: string, name: string) => `Ajouter le code-barres ${code} à « ${name} »`,
  attaching: 'Ajout…',
};
