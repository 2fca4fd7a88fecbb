// Small number formats of the moderation space (money and dates use contract/format).
const oneDecimal = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 });

/** 12.345 → "12,3". */
export const formatDecimal = (value: number) => oneDecimal.format(value);

/** Reputation with its sign: "+12", "-5", "0". */
export const formatReputation = (n: number) => (n > 0 ? `+${n}` : String(n));
