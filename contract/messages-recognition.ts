// Product recognition texts beyond the spec's own sentences (which stay in `fr.recognition`:
// 'Aucune image à analyser', "Échec de l'analyse du produit", "Erreur lors de l'analyse du produit",
// 'Produit analysé avec succès!'), part of the one French catalogue (`fr.recognitionApi`).
export const recognitionApi = {
  notAnImage: "Ce fichier n'est pas une image : envoyez une photo JPG, PNG ou WebP",
  unreadable: "L'image est illisible ou corrompue : reprenez la photo",
  busy: "Le serveur analyse beaucoup de photos en ce moment : réessayez dans quelques instants.",
  tooMany: "Vous avez analysé beaucoup de photos : patientez un peu avant d'en analyser une autre.",
  /** The suggestion's name when nothing readable was found on the photo. */
  unknownProduct: 'Produit non reconnu',
  /** A detected label: the barcode read on the packet. */
  barcodeLabel: (format: string, code: string) => `Code-barres ${format} ${code}`,
  /** The suggestion's description when the barcode is not in the catalogue yet. */
  barcodeNote: (code: string) => `Code-barres lu : ${code}`,
  /** The suggestion's description for a product the catalogue does not have: what the packet says. */
  readNote: (text: string) => `Lu sur l'emballage : ${text}`,
};
