// Texts of navigation and forms (issue 15): return after sign-in, unsaved-changes guards, files checked when picked, which lists can be delivered.
// Part of the one French catalogue as `fr.navigation`.
export const navigation = {
  /** The catalogue's order while searching: best match first. */
  sortRelevance: 'Pertinence',
  /** The sign-in page's button that fills in the demo account. */
  useDemoAccount: 'Utiliser ce compte',
} as const;
