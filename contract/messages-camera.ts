// French messages of the camera dialogs (product recognition, live scanning): sections of the catalogue (contract/messages-fr.ts).

export const scanner = {
  title: 'Scanner intelligent',
  camera: 'Caméra',
  upload: 'Importer',
  capture: 'Prendre la photo',
  retake: 'Reprendre',
  chooseFile: 'Choisir une photo',
  preview: 'Aperçu de la photo',
  manualEntry: 'Saisir le produit manuellement',
} as const;

export const recognition = {
  failed: "Échec de l'analyse du produit",
  error: "Erreur lors de l'analyse du produit",
  success: 'Produit analysé avec succès!',
  uploaded: 'Fichier téléchargé avec succès!',
  camera: "Impossible d'accéder à la caméra. Vérifiez les permissions.",
  noImage: 'Aucune image à analyser',
} as const;
