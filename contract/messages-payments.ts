// Payments live or test: the sandbox outside development, test orders, refunds — part of the one French catalogue (`fr.livePayments`).
export const livePayments = {} as const;
