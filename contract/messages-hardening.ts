// Inputs, headers and storage: refused inputs, the data directory lock — part of the one French catalogue (`fr.hardening`).
export const hardening = {} as const;
