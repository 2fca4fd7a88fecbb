// Texts of the optimiser's result view (issue 15): like-for-like headlines, missing items, the plan grouped by store.
// Part of the one French catalogue as `fr.optimiserView`.
export const optimiserView = {

} as const;
