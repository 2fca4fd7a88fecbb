// Phone verification (SMS codes), probation of new contributors, demo mode.
import { PHONE_CODE } from './phone';

const plural = (n: number, word: string) => `${n} ${word}${n > 1 ? 's' : ''}`;

export const phone = {
  notVerified: 'Vérifiez d’abord votre numéro de téléphone : saisissez le code reçu par SMS.',
  sms: (code: string) => `MonPanier : votre code de vérification est ${code}. Il expire dans ${PHONE_CODE.ttlMinutes} minutes. Ne le communiquez à personne.`,
  codeSent: (masked: string) => `Un code à ${PHONE_CODE.length} chiffres a été envoyé par SMS au ${masked}.`,
  demoCode: 'Mode démo : aucun SMS n’est envoyé. Votre code est',
  codeFormat: `Le code doit contenir ${PHONE_CODE.length} chiffres`,
  codeWrong: (left: number) => `Code incorrect. Il vous reste ${plural(left, 'essai')}.`,
  codeExpired: 'Ce code a expiré. Demandez un nouveau code.',
  noCodePending: 'Aucun code en cours pour ce compte. Demandez un nouveau code.',
  codeLocked: 'Trop d’essais pour ce code. Demandez un nouveau code.',
  resendTooSoon: (seconds: number) => `Patientez ${plural(seconds, 'seconde')} avant de demander un nouveau code.`,
  tooManyCodesPhone: (minutes: number) => `Trop de codes envoyés à ce numéro. Réessayez dans ${plural(minutes, 'minute')}.`,
  tooManyCodesAccount: (minutes: number) => `Trop de codes demandés pour ce compte. Réessayez dans ${plural(minutes, 'minute')}.`,
  tooManyCodesAddress: 'Trop de codes demandés depuis cette adresse. Réessayez dans une heure.',
  alreadyVerified: 'Votre numéro de téléphone est déjà vérifié.',
  samePhone: 'C’est déjà votre numéro vérifié.',
  smsUnavailable: 'L’envoi des SMS n’est pas configuré sur ce serveur : impossible de vérifier un numéro pour le moment.',
  smsFailed: 'L’envoi du SMS a échoué. Réessayez dans quelques instants.',
  numberRefused: 'Ce numéro ne peut pas recevoir de SMS. Vérifiez-le ou choisissez-en un autre.',
  tooManyAccounts: `Ce numéro est déjà vérifié sur ${PHONE_CODE.maxAccountsPerPhone} comptes : il ne peut pas l’être sur un autre.`,
  verified: 'Numéro de téléphone vérifié',
  demoMasked: 'masqué (compte de démonstration)',
} as const;
