// Small number formats of the moderation space (money, dates and decimals use contract/format).

/** Reputation with its sign: "+12", "-5", "0". */
export const formatReputation = (n: number) => (n > 0 ? `+${n}` : String(n));
