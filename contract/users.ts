// Accounts: registration, sign-in, profile and preferences. The same schemas validate the forms and the API.
import { z } from './zod';
import { fr } from './messages';
import { passwordWeakness, simpleWeakness } from './password-rule';
import { toE164 } from './phone';
import { CityPreferenceField } from './nearby-prices';
import { COUNTRIES, IMAGE_DATA_URL_MAX_CHARS, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, REGISTRABLE_USER_TYPES, USER_TYPES } from './constants';

const requiredText = (message: string, max = 100, tooLong?: string) =>
  z.string({ error: message }).trim().min(1, { error: message }).max(max, { error: tooLong ?? fr.common.invalidValue });

export const emailField = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { error: requiredMessage })
    .max(254, { error: fr.register.emailInvalid })
    .pipe(z.email({ error: fr.register.emailInvalid }))
    .transform((email) => email.toLowerCase());

// A number an SMS code can reach (contract/phone.ts): Gabon's « 077 28 01 50 », or +<code> of the form's countries.
export const phoneField = (requiredMessage: string) =>
  requiredText(requiredMessage, 30, fr.register.phoneInvalid).refine((phone) => toE164(phone) !== null, { error: fr.register.phoneInvalid });

export const countryField = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { error: requiredMessage })
    .refine((c) => (COUNTRIES as readonly string[]).includes(c), { error: fr.register.countryInvalid });

/**
 * A new password: the spec's 6-character minimum, then the simple checks (one character repeated,
 * only spaces). The server also refuses common passwords and the owner's e-mail or name.
 */
export const passwordField = z
  .string({ error: fr.register.passwordTooShort })
  .min(PASSWORD_MIN_LENGTH, { error: fr.register.passwordTooShort })
  .max(PASSWORD_MAX_LENGTH, { error: fr.register.passwordTooLong })
  .superRefine((password, ctx) => {
    const weakness = simpleWeakness(password);
    if (weakness) ctx.addIssue({ code: 'custom', message: weakness, abort: true });
  });

/** A password being checked, not set (sign-in, confirmation of the current one): never the rule. */
const currentPasswordField = (message: string) => z.string({ error: message }).min(1, { error: message }).max(PASSWORD_MAX_LENGTH, { error: message });

/** Registration and the agent login: 'admin' is refused here (a moderator is never self-made). */
export const UserTypeSchema = z.enum(REGISTRABLE_USER_TYPES, { error: fr.register.userTypeRequired });

/** Preset path, uploaded file path, a data URL to upload, or empty. Checked further on the server. */
export const AvatarUrlField = z.string({ error: fr.register.avatarInvalid }).max(IMAGE_DATA_URL_MAX_CHARS, { error: fr.register.avatarTooLarge });

export const PreferencesSchema = z.object({
  track_prices: z.boolean(),
  contribute_in_store: z.boolean(),
  notifications: z.boolean(),
  location_sharing: z.boolean(),
  /** The city whose stores a product's prices show (the price list's filter, issue 28 item 5); null: every city. */
  city: CityPreferenceField,
});
export type Preferences = z.infer<typeof PreferencesSchema>;

export const DEFAULT_PREFERENCES: Preferences = {
  track_prices: true,
  contribute_in_store: false,
  notifications: true,
  location_sharing: false,
  city: null,
};

export const RegisterSchema = z.object({
  email: emailField(fr.register.emailRequired),
  password: passwordField,
  full_name: requiredText(fr.register.fullNameRequired, 100, fr.register.fullNameTooLong),
  phone: phoneField(fr.register.phoneRequired),
  country_region: countryField(fr.register.countryRequired),
  avatar_url: AvatarUrlField.nullable().optional(),
  user_type: UserTypeSchema,
  preferences: z
    .object({
      track_prices: z.boolean().default(true),
      contribute_in_store: z.boolean().default(false),
    })
    .default({ track_prices: true, contribute_in_store: false }),
});
export type RegisterPayload = z.input<typeof RegisterSchema>;

/** The registration form: the payload plus the confirmation, which is never sent. */
export const RegisterFormSchema = RegisterSchema.extend({
  confirm_password: z.string(),
})
  .refine((v) => v.password === v.confirm_password, { error: fr.register.passwordMismatch, path: ['confirm_password'] })
  .superRefine((v, ctx) => {
    const weakness = passwordWeakness(v.password, { email: v.email, fullName: v.full_name });
    if (weakness) ctx.addIssue({ code: 'custom', message: weakness, path: ['password'] });
  });

export const LoginSchema = z.object({
  email: emailField(fr.register.emailRequired),
  password: z.string({ error: 'Le mot de passe est obligatoire' }).min(1, { error: 'Le mot de passe est obligatoire' }).max(PASSWORD_MAX_LENGTH, { error: fr.auth.invalidCredentials }),
  user_type: UserTypeSchema.optional(),
});
export type LoginPayload = z.input<typeof LoginSchema>;

export const ProfileUpdateSchema = z.object({
  full_name: requiredText(fr.profile.fullNameRequired, 100, fr.register.fullNameTooLong),
  email: emailField(fr.profile.emailRequired),
  phone: phoneField(fr.profile.phoneRequired),
  country_region: countryField(fr.profile.countryRequired),
  /** Required only when the e-mail changes (checked by the server against the stored address). */
  current_password: z
    .string({ error: fr.accountSecurity.emailChangeNeedsPassword })
    .max(PASSWORD_MAX_LENGTH, { error: fr.profile.wrongCurrentPassword })
    .nullish()
    .transform((v) => v || undefined),
});
export type ProfileUpdate = z.input<typeof ProfileUpdateSchema>;

export const AvatarUpdateSchema = z.object({ avatar_url: AvatarUrlField.nullable() });

export const PasswordChangeSchema = z.object({
  current_password: currentPasswordField(fr.profile.currentPasswordRequired),
  new_password: passwordField,
});

export const PasswordChangeFormSchema = PasswordChangeSchema.extend({ confirm_password: z.string() }).refine(
  (v) => v.new_password === v.confirm_password,
  { error: fr.register.passwordMismatch, path: ['confirm_password'] },
);

/** POST /api/auth/password-reset: the same answer whether or not the account exists. */
export const PasswordResetRequestSchema = z.object({ email: emailField(fr.register.emailRequired) });
export type PasswordResetRequest = z.input<typeof PasswordResetRequestSchema>;

/** POST /api/auth/password-reset/confirm: the token of the e-mailed link and the new password. */
export const PasswordResetConfirmSchema = z.object({
  token: z.string({ error: fr.accountSecurity.resetTokenInvalid }).trim().min(1, { error: fr.accountSecurity.resetMissingToken }).max(200, { error: fr.accountSecurity.resetTokenInvalid }),
  new_password: passwordField,
});
export type PasswordResetConfirm = z.input<typeof PasswordResetConfirmSchema>;

export const PasswordResetFormSchema = z
  .object({ new_password: passwordField, confirm_password: z.string() })
  .refine((v) => v.new_password === v.confirm_password, { error: fr.register.passwordMismatch, path: ['confirm_password'] });

/** A success that only says something, in French. */
export const DetailResponseSchema = z.object({ detail: z.string() });
export type DetailResponse = z.infer<typeof DetailResponseSchema>;

export const PreferencesUpdateSchema = PreferencesSchema.partial().refine((p) => Object.keys(p).length > 0, {
  error: fr.common.invalidValue,
});

export const UserSchema = z.object({
  id: z.string(),
  email: z.string(),
  full_name: z.string(),
  phone: z.string(),
  /** The phone was verified by an SMS code: the account may contribute prices and add to the catalogue. */
  phone_verified: z.boolean(),
  /** A new number waiting for its code (the verified `phone` stays in force until then). */
  pending_phone: z.string().nullable(),
  country_region: z.string(),
  user_type: z.enum(USER_TYPES),
  avatar_url: z.string().nullable(),
  created_at: z.string(),
  preferences: PreferencesSchema,
});
export type User = z.infer<typeof UserSchema>;

/** A code was asked for: where it went (masked), until when, and in demo mode the code itself. */
export const PhoneVerificationStartedSchema = z.object({
  phone_masked: z.string(),
  sent: z.boolean(),
  /** What to tell the user (French): the code was sent, or why it could not be. */
  detail: z.string(),
  expires_at: z.string().nullable(),
  resend_after_seconds: z.number().int(),
  /** Demo mode only (no SMS leaves the machine): the code, shown on screen marked « mode démo ». */
  demo_code: z.string().nullable(),
});
export type PhoneVerificationStarted = z.infer<typeof PhoneVerificationStartedSchema>;

export const PhoneCodeSchema = z.object({
  code: z
    .string({ error: fr.phone.codeFormat })
    .trim()
    .regex(/^\d{6}$/, { error: fr.phone.codeFormat }),
});

/** PUT /api/users/me: the saved profile, and the SMS code sent when a verified number is being changed. */
export const ProfileUpdateResponseSchema = UserSchema.extend({ phone_verification: PhoneVerificationStartedSchema.nullable() });
export type ProfileUpdateResponse = z.infer<typeof ProfileUpdateResponseSchema>;

/** GET /api/auth/phone: where the account's phone verification stands. */
export const PhoneStatusSchema = z.object({
  phone_verified: z.boolean(),
  phone_masked: z.string(),
  /** A new number waiting for its code, masked. */
  pending_phone_masked: z.string().nullable(),
  /** A new contributor: prices recorded « à confirmer » until others corroborate them (null before verification). */
  on_probation: z.boolean().nullable(),
  /** Whether this server can send codes at all. */
  sms_available: z.boolean(),
});
export type PhoneStatus = z.infer<typeof PhoneStatusSchema>;

/** The session part of a sign-in: the user as the spec shows it, with login_timestamp and expires_at. */
export const SessionUserSchema = UserSchema.extend({ login_timestamp: z.string(), expires_at: z.string() });
export type SessionUser = z.infer<typeof SessionUserSchema>;

export const LoginResponseSchema = z.object({ access_token: z.string(), token_type: z.literal('bearer'), expires_at: z.string(), user: SessionUserSchema });
export type LoginResponse = z.infer<typeof LoginResponseSchema>;
/** A registration: the new session, and the SMS code sent to verify the phone. */
export const RegisterResponseSchema = LoginResponseSchema.extend({ phone_verification: PhoneVerificationStartedSchema });
export type RegisterResponse = z.infer<typeof RegisterResponseSchema>;
export type RefreshResponse = LoginResponse;

export const UserStatsSchema = z.object({
  lists_created: z.number().int(),
  prices_contributed: z.number().int(),
  deliveries: z.number().int(),
  total_savings: z.number(),
  recent_activity: z.array(z.object({ type: z.enum(['list', 'contribution', 'delivery']), label: z.string(), created_at: z.string() })),
});
export type UserStats = z.infer<typeof UserStatsSchema>;
