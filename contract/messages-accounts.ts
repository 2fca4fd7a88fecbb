// Accounts: password rules, sign-in limits, password reset, e-mail change, e-mails sent — part of the one French catalogue (`fr.accountSecurity`).
export const accountSecurity = {
  // Password rule (registration, password change, reset)
  passwordTooCommon: 'Ce mot de passe fait partie des plus courants : choisissez-en un plus difficile à deviner',
  passwordRepeated: 'Le mot de passe ne peut pas être un seul caractère répété',
  passwordBlank: "Le mot de passe ne peut pas contenir que des espaces",
  passwordLikeIdentity: 'Le mot de passe ne doit pas reprendre votre adresse email ni votre nom',
  passwordHint: 'Au moins 6 caractères, pas un mot de passe courant, ni votre email ou votre nom.',

  // Sign-in limits
  loginSlowedDown: (seconds: number) =>
    `Plusieurs tentatives de connexion ont échoué pour ce compte. Réessayez dans ${seconds} seconde${seconds > 1 ? 's' : ''}.`,

  // "Mot de passe oublié ?"
  forgotLink: 'Mot de passe oublié ?',
  forgotTitle: 'Mot de passe oublié',
  forgotSubtitle: "Indiquez l'adresse email de votre compte : nous vous envoyons un lien pour choisir un nouveau mot de passe.",
  forgotSubmit: 'Envoyer le lien',
  forgotSubmitting: 'Envoi...',
  resetRequested:
    "Si un compte existe avec cette adresse, un email contenant un lien de réinitialisation vient de lui être envoyé. Le lien est valable 1 heure.",
  resetRequestedHint: "Pensez à regarder dans vos courriers indésirables. Vous n'avez rien reçu ? Vous pouvez refaire la demande dans quelques minutes.",
  tooManyResetRequests: (minutes: number) =>
    `Trop de demandes de réinitialisation. Réessayez dans ${minutes} minute${minutes > 1 ? 's' : ''}.`,
  backToLogin: 'Retour à la connexion',

  resetTitle: 'Nouveau mot de passe',
  resetSubtitle: 'Choisissez le nouveau mot de passe de votre compte MonPanier.',
  resetSubmit: 'Enregistrer le mot de passe',
  resetSubmitting: 'Enregistrement...',
  resetDone: 'Mot de passe réinitialisé. Connectez-vous avec votre nouveau mot de passe.',
  resetMissingToken: 'Ce lien de réinitialisation est incomplet. Copiez le lien entier depuis l’email, ou refaites une demande.',
  resetTokenInvalid: 'Ce lien de réinitialisation est invalide. Refaites une demande.',
  resetTokenUsed: 'Ce lien de réinitialisation a déjà été utilisé. Refaites une demande si besoin.',
  resetTokenExpired: 'Ce lien de réinitialisation a expiré (validité 1 heure). Refaites une demande.',
  requestNewLink: 'Demander un nouveau lien',

  // E-mail change
  emailChangeNeedsPassword: "Saisissez votre mot de passe actuel pour changer d'adresse email",
  emailChangePassword: 'Mot de passe actuel (pour changer d’email)',
  emailChangePasswordHint: "Un message sera envoyé à votre ancienne adresse pour l'informer du changement.",

  // E-mails sent
  mail: {
    greeting: (name: string) => `Bonjour ${name},`,
    signature: "L'équipe MonPanier — Marketplace du Gabon",
    passwordResetSubject: 'Réinitialisation de votre mot de passe MonPanier',
    passwordResetBody: (name: string, link: string) =>
      [
        `Bonjour ${name},`,
        '',
        'Vous avez demandé à réinitialiser le mot de passe de votre compte MonPanier.',
        'Ouvrez ce lien pour choisir un nouveau mot de passe (valable 1 heure, une seule fois) :',
        '',
        link,
        '',
        'Une fois le mot de passe changé, tous les appareils connectés à votre compte seront déconnectés.',
        "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.",
      ].join('\n'),
    emailChangedSubject: 'Votre adresse email MonPanier a été modifiée',
    emailChangedBody: (name: string, oldEmail: string, newEmail: string, when: string) =>
      [
        `Bonjour ${name},`,
        '',
        `L'adresse email de votre compte MonPanier a été changée le ${when} (heure de Libreville) :`,
        `  ancienne adresse : ${oldEmail}`,
        `  nouvelle adresse : ${newEmail}`,
        '',
        "Si c'est vous, vous n'avez rien à faire.",
        "Si ce n'est pas vous, quelqu'un connaît votre mot de passe : contactez immédiatement le support MonPanier depuis cette adresse-ci pour qu'il bloque le compte et vous le rende.",
        "Ne réutilisez plus ce mot de passe, sur MonPanier ni ailleurs.",
      ].join('\n'),
    notificationFooter:
      'Vous recevez cet email car les notifications par email sont activées. Pour ne plus les recevoir : Mon profil → Notifications → « Notifications par email ».',
  },
} as const;

export const register = {
  title: 'Créer un compte',
  subtitle: 'Rejoignez MonPanier et économisez sur vos courses.',
  avatar: 'Photo de profil',
  chooseAvatar: 'Choisissez un avatar',
  uploadAvatar: 'Importer une photo',
  removeUpload: 'Retirer la photo',
  fullName: 'Nom complet',
  email: 'Adresse email',
  country: 'Pays / région',
  chooseCountry: 'Sélectionnez votre pays',
  phone: 'Téléphone',
  phonePlaceholder: '+241 XX XX XX XX',
  userType: "Type d'utilisateur",
  consumer: 'Client',
  consumerHint: 'Je compare les prix et je fais mes courses',
  agent: 'Livreur',
  agentHint: 'Je livre les commandes des clients',
  trackPrices: "Suivre l'évolution des prix de mes produits",
  contributeInStore: 'Contribuer aux prix quand je suis en magasin',
  submit: 'Créer mon compte',
  submitting: 'Création du compte...',
  acceptTerms: 'En créant un compte, vous acceptez nos',
  and: 'et notre',
  passwordMismatch: 'Les mots de passe ne correspondent pas',
  passwordTooShort: 'Le mot de passe doit contenir au moins 6 caractères',
  passwordTooLong: 'Le mot de passe ne doit pas dépasser 128 caractères',
  countryRequired: 'La région/pays est obligatoire',
  countryInvalid: 'Veuillez choisir un pays dans la liste',
  phoneRequired: 'Le numéro de téléphone est obligatoire',
  phoneInvalid: 'Le numéro de téléphone est invalide',
  userTypeRequired: "Le type d'utilisateur est obligatoire",
  fullNameRequired: 'Le nom complet est obligatoire',
  fullNameTooLong: 'Le nom complet ne doit pas dépasser 100 caractères',
  emailRequired: "L'email est obligatoire",
  emailInvalid: "L'adresse email est invalide",
  avatarTooLarge: "La taille de l'image doit être inférieure à 5MB",
  avatarInvalid: "Avatar invalide",
} as const;
