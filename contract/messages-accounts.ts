// Accounts: password rules, sign-in limits, password reset, e-mail change, e-mails sent — part of the one French catalogue (`fr.accountSecurity`).
export const accountSecurity = {} as const;
