// Phone numbers as SMS gateways want them (E.164: +<country code><number>), from what people type
// in Gabon: « 077 28 01 50 », « 77 28 01 50 », « +241 77 28 01 50 », « 00241 77 28 01 50 », and the
// frequent « +241 077 28 01 50 ». Gabon's numbers have 8 digits after +241 (9 nationally, with the
// leading 0, since 2019: ../shared/data/GABON.md). Only the countries of the registration form get SMS
// codes: a code sent anywhere in the world is how SMS-pumping fraud bills a sender.

/** Country calling codes of the registration form's countries (CEMAC, RDC and France), longest match first. */
const COUNTRY_DIGITS: Record<string, { min: number; max: number; trunkZero: boolean }> = {
  '241': { min: 8, max: 8, trunkZero: true }, // Gabon
  '237': { min: 9, max: 9, trunkZero: false }, // Cameroun
  '242': { min: 9, max: 9, trunkZero: false }, // République du Congo
  '243': { min: 9, max: 9, trunkZero: true }, // République Démocratique du Congo
  '240': { min: 9, max: 9, trunkZero: false }, // Guinée Équatoriale
  '236': { min: 8, max: 8, trunkZero: false }, // République Centrafricaine
  '235': { min: 8, max: 8, trunkZero: false }, // Tchad
  '33': { min: 9, max: 9, trunkZero: true }, // France
};

const SEPARATORS = /[\s().\-\u00a0]/g;

/** The E.164 form of a number typed by a user, or null when it is not a number SMS codes can go to. */
export function toE164(typed: string): string | null {
  const compact = typed.trim().replace(SEPARATORS, '');
  let international: string;
  if (compact.startsWith('+')) international = compact.slice(1);
  else if (compact.startsWith('00')) international = compact.slice(2);
  else if (/^0?\d{8}$/.test(compact)) international = `241${compact.replace(/^0/, '')}`; // a Gabonese number written nationally
  else return null;
  if (!/^\d+$/.test(international)) return null;
  const code = Object.keys(COUNTRY_DIGITS)
    .sort((a, b) => b.length - a.length)
    .find((c) => international.startsWith(c));
  if (!code) return null;
  const rule = COUNTRY_DIGITS[code];
  let national = international.slice(code.length);
  if (rule.trunkZero && national.length === rule.max + 1 && national.startsWith('0')) national = national.slice(1);
  if (national.length < rule.min || national.length > rule.max) return null;
  return `+${code}${national}`;
}

/** A verified number as shown back to its owner on a shared screen: « +241 77 •••• 50 ». */
export function maskedPhone(e164: string): string {
  const digits = e164.replace(/^\+/, '');
  const code = Object.keys(COUNTRY_DIGITS).find((c) => digits.startsWith(c)) ?? digits.slice(0, 3);
  const national = digits.slice(code.length);
  return `+${code} ${national.slice(0, 2)} ${'•'.repeat(Math.max(1, national.length - 4))} ${national.slice(-2)}`;
}

/** SMS verification codes: 6 digits, valid 10 minutes, 5 tries each; a new one after a minute. */
export const PHONE_CODE = {
  length: 6,
  ttlMinutes: 10,
  maxAttempts: 5,
  resendAfterSeconds: 60,
  perPhonePerHour: 3,
  perPhonePerDay: 8,
  perAccountPerHour: 5,
  perAccountPerDay: 10,
  /** A family may share one phone; beyond this, more accounts on one number are refused. */
  maxAccountsPerPhone: 3,
} as const;
