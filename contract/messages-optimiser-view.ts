// Texts of the optimiser's result view (issue 15): like-for-like headlines, missing items, the plan grouped by store.
// Part of the one French catalogue as `fr.optimiserView`.
export const optimiserView = {
  /** The new list that keeps the items a booked cart left out (at most 100 characters). */
  remainingListName: (name: string) => `${name.slice(0, 80)} — reste à acheter`,
} as const;
