// Barcode texts (product barcodes, the scanner's barcode attach), part of the one French catalogue (`fr.barcodes`).
export const barcodes = {
  invalid: 'Code-barres invalide : vérifiez les chiffres (EAN-13, EAN-8 ou UPC)',
  taken: 'Ce code-barres appartient déjà à un autre produit',
  notFound: 'Aucun produit ne porte ce code-barres',
  alreadySet: 'Ce produit a déjà un code-barres',
  attached: 'Code-barres ajouté au produit',
};
