import { describe, expect, it } from 'vitest';
import { fr } from '#contract/messages';
import { foldForComparison, passwordWeakness } from '#contract/password-rule';
import { PasswordChangeSchema, RegisterFormSchema } from '#contract/users';
import { AppError } from '../../platform/errors';
import { assertAcceptablePassword, isCommonPassword, isProductPassword } from './password-policy';

const texts = fr.accountSecurity;
const reason = (password: string, owner = {}) => {
  try {
    assertAcceptablePassword(password, owner);
    return null;
  } catch (error) {
    return error instanceof AppError ? [error.status, error.detail] : error;
  }
};

describe('the common-password list', () => {
  it('holds the usual suspects, whatever their case', () => {
    for (const password of ['123456', 'password', 'azerty', 'Soleil', 'qwerty123', 'iloveyou', 'motdepasse', 'ABC123']) {
      expect(isCommonPassword(password), password).toBe(true);
    }
  });

  it('leaves real passwords alone (the demo ones included)', () => {
    for (const password of ['Demo2026!', 'Agent2026!', 'Modo2026!', 'Mangue-Papaye-241', 'motdepasse1']) {
      expect(isCommonPassword(password), password).toBe(false);
    }
  });
});

describe('the product’s own words', () => {
  it('refuses the site’s name, the country and the published demo passwords, dressed or not', () => {
    for (const password of ['monpanier', 'MonPanier!', 'gabon2026', 'Gabon-241', 'Demo2026!', 'demo2026!', 'Agent2026!', 'Modo2026!', 'Libreville2026', 'monpaniergabon', 'Airtel-Money1']) {
      expect(isProductPassword(password), password).toBe(true);
      expect(reason(password), password).toEqual([400, texts.passwordTooCommon]);
    }
  });

  it('leaves passwords that only contain such a word among others alone', () => {
    for (const password of ['Mangue-Papaye-241', 'gabon est beau sous la pluie', 'Okoumé&Ozigo7', 'panier de mangues 9']) {
      expect(isProductPassword(password), password).toBe(false);
    }
  });
});

describe('assertAcceptablePassword', () => {
  it('refuses common, repeated, blank and identity passwords with a French 400', () => {
    expect(reason('123456')).toEqual([400, texts.passwordTooCommon]);
    expect(reason('aaaaaa')).toEqual([400, texts.passwordRepeated]);
    expect(reason('      ')).toEqual([400, texts.passwordBlank]);
    expect(reason('Élodie.Nguema', { email: 'elodie.nguema@exemple.ga' })).toEqual([400, texts.passwordLikeIdentity]);
    expect(reason('elodie nguema', { fullName: 'Élodie Nguéma' })).toEqual([400, texts.passwordLikeIdentity]);
    expect(reason('Mangue-Papaye-241', { email: 'elodie@exemple.ga', fullName: 'Élodie Nguéma' })).toBeNull();
  });

  it('folds case, accents and separators only for the comparison', () => {
    expect(foldForComparison("  Jean-Noël d'Assomption ")).toBe('jeannoeldassomption');
  });
});

describe('the contract side (what the forms check without the list)', () => {
  it('the password field refuses a repeated character and blanks after the spec length message', () => {
    const change = (new_password: string) => PasswordChangeSchema.safeParse({ current_password: 'x', new_password }).error?.issues[0]?.message;
    expect(change('12345')).toBe(fr.register.passwordTooShort);
    expect(change('aaaaaa')).toBe(texts.passwordRepeated);
    expect(change('      ')).toBe(texts.passwordBlank);
    expect(change('123456')).toBeUndefined(); // the list is the server's
  });

  it('the registration form refuses the e-mail or the name as password, on the password field', () => {
    const form = {
      email: 'sandrine@exemple.ga',
      full_name: 'Sandrine Ella',
      phone: '+241 06 00 00 00',
      country_region: 'Gabon',
      user_type: 'consumer',
      password: 'SANDRINE',
      confirm_password: 'SANDRINE',
    };
    const issue = RegisterFormSchema.safeParse(form).error?.issues[0];
    expect([issue?.path, issue?.message]).toEqual([['password'], texts.passwordLikeIdentity]);
    expect(passwordWeakness('Sandrine Ella', { fullName: 'sandrine ella' })).toBe(texts.passwordLikeIdentity);
    expect(RegisterFormSchema.safeParse({ ...form, password: 'Sandrine-2026!', confirm_password: 'Sandrine-2026!' }).success).toBe(true);
  });
});
