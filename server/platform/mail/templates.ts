import type { MailMessage } from './mailer';

export type MailLanguage = 'en' | 'ru';

interface Wording {
  subject: string;
  lines: string[];
  action: string;
  ignore: string;
}

const RESET: Record<MailLanguage, Wording> = {
  en: {
    subject: 'Password reset',
    lines: ['Someone asked to reset the password of your Firmware Console account.'],
    action: 'Set a new password',
    ignore: 'The link works once, for one hour. If you did not ask for it, ignore this message.',
  },
  ru: {
    subject: 'Сброс пароля',
    lines: ['Кто-то запросил сброс пароля вашей учётной записи Firmware Console.'],
    action: 'Задать новый пароль',
    ignore:
      'Ссылка действует один раз в течение часа. Если вы не запрашивали сброс, просто проигнорируйте это письмо.',
  },
};

const CHANGE_EMAIL: Record<MailLanguage, (email: string) => Wording> = {
  en: (email) => ({
    subject: 'Confirm your new e-mail',
    lines: [`Confirm that ${email} is the new e-mail of your Firmware Console account.`],
    action: 'Confirm the e-mail',
    ignore: 'The link works once, for 24 hours. If you did not ask for this change, ignore this message.',
  }),
  ru: (email) => ({
    subject: 'Подтвердите новый адрес электронной почты',
    lines: [`Подтвердите, что ${email} — новый адрес вашей учётной записи Firmware Console.`],
    action: 'Подтвердить адрес',
    ignore:
      'Ссылка действует один раз в течение 24 часов. Если вы не меняли адрес, просто проигнорируйте это письмо.',
  }),
};

/** To the owner of an address another account asked to move to (no link: nothing is to be done). */
const ADDRESS_TAKEN: Record<MailLanguage, (email: string) => { subject: string; lines: string[] }> = {
  en: (email) => ({
    subject: 'Someone tried to use your e-mail address',
    lines: [
      `Someone signed in to another Firmware Console account asked to make ${email} the e-mail of that account.`,
      'It is already the e-mail of your account, so nothing was changed and no link was sent.',
      'If it was you, sign in to this account instead. Otherwise you need not do anything.',
    ],
  }),
  ru: (email) => ({
    subject: 'Кто-то пытался использовать ваш адрес электронной почты',
    lines: [
      `В другой учётной записи Firmware Console запросили смену адреса на ${email}.`,
      'Этот адрес уже принадлежит вашей учётной записи, поэтому ничего не изменено и ссылка не отправлена.',
      'Если это были вы, войдите в эту учётную запись. Иначе ничего делать не нужно.',
    ],
  }),
};

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function compose(to: string, wording: Wording, link: string): MailMessage {
  const text = [...wording.lines, '', `${wording.action}: ${link}`, '', wording.ignore, ''].join('\n');
  const html = [
    ...wording.lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(link)}">${escapeHtml(wording.action)}</a></p>`,
    `<p>${escapeHtml(wording.ignore)}</p>`,
  ].join('\n');
  return { to, subject: wording.subject, text, html, link };
}

export function resetPasswordMail(to: string, language: MailLanguage, link: string): MailMessage {
  return compose(to, RESET[language], link);
}

export function confirmEmailChangeMail(to: string, language: MailLanguage, link: string): MailMessage {
  return compose(to, CHANGE_EMAIL[language](to), link);
}

/** A notice: lines to read, nothing to follow. */
export function composeNotice(
  to: string,
  { subject, lines }: { subject: string; lines: string[] },
): MailMessage {
  const html = lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n');
  return { to, subject, text: [...lines, ''].join('\n'), html };
}

export function addressTakenMail(to: string, language: MailLanguage): MailMessage {
  return composeNotice(to, ADDRESS_TAKEN[language](to));
}

/** To the old address after an e-mail change (issue 37): the account-takeover alarm; no link to follow. */
const EMAIL_CHANGED: Record<
  MailLanguage,
  (from: string, to: string) => { subject: string; lines: string[] }
> = {
  en: (from, to) => ({
    subject: 'The e-mail of your account was changed',
    lines: [
      `The e-mail of your Firmware Console account was changed from ${from} to ${to}.`,
      'This address no longer signs in to the account, and mail about it now goes to the new one.',
      'If you made this change, you need not do anything. If you did not, someone else may have signed in to your account: tell the console’s administrators at once.',
    ],
  }),
  ru: (from, to) => ({
    subject: 'Адрес электронной почты вашей учётной записи изменён',
    lines: [
      `Адрес электронной почты вашей учётной записи Firmware Console изменён с ${from} на ${to}.`,
      'С этим адресом больше нельзя войти в учётную запись, а письма о ней теперь приходят на новый адрес.',
      'Если адрес изменили вы, ничего делать не нужно. Если нет, кто-то другой мог войти в вашу учётную запись: сразу сообщите об этом администраторам консоли.',
    ],
  }),
};

export function emailChangedMail(to: string, language: MailLanguage, newEmail: string): MailMessage {
  return composeNotice(to, EMAIL_CHANGED[language](to, newEmail));
}
