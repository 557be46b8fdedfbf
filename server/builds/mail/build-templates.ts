import type { MailMessage } from '../../platform/mail/mailer';
import type { MailLanguage } from '../../platform/mail/templates';

/** What a build notification tells (issue 37): which build of which set ended, and how. */
export interface EndedBuild {
  outcome: 'done' | 'failed';
  name: string;
  setName: string;
  model: string;
  version: string;
  /** The set's page in the console. */
  setUrl: string;
}

interface BuildWording {
  subject: Record<EndedBuild['outcome'], (name: string) => string>;
  intro: Record<EndedBuild['outcome'], (name: string, set: string) => string>;
  set: string;
  build: string;
  model: string;
  version: string;
  open: string;
  why: string;
}

const WORDING: Record<MailLanguage, BuildWording> = {
  en: {
    subject: { done: (name) => `Build finished: ${name}`, failed: (name) => `Build failed: ${name}` },
    intro: {
      done: (name, set) =>
        `Your build ${name} in the set ${set} has finished: its firmware is ready to download.`,
      failed: (name, set) =>
        `Your build ${name} in the set ${set} has failed. Its log on the set's page says why.`,
    },
    set: 'Set',
    build: 'Build',
    model: 'Model',
    version: 'Version',
    open: 'Open the set',
    why: 'You get this e-mail because you turned on build notifications in My settings; you can turn them off there.',
  },
  ru: {
    subject: { done: (name) => `Сборка готова: ${name}`, failed: (name) => `Сборка не удалась: ${name}` },
    intro: {
      done: (name, set) => `Ваша сборка ${name} в наборе ${set} готова: прошивку можно скачать.`,
      failed: (name, set) =>
        `Ваша сборка ${name} в наборе ${set} завершилась ошибкой. Причина — в журнале сборки на странице набора.`,
    },
    set: 'Набор',
    build: 'Сборка',
    model: 'Модель',
    version: 'Версия',
    open: 'Открыть набор',
    why: 'Вы получили это письмо, потому что включили уведомления о сборках в разделе «Мои настройки»; там же их можно отключить.',
  },
};

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The e-mail telling an account that one of its builds ended, in the account's language. */
export function buildEndedMail(to: string, language: MailLanguage, build: EndedBuild): MailMessage {
  const w = WORDING[language] ?? WORDING.en;
  const intro = w.intro[build.outcome](build.name, build.setName);
  const facts: [string, string][] = [
    [w.set, build.setName],
    [w.build, build.name],
    [w.model, build.model],
    [w.version, build.version],
  ];
  const text = [
    intro,
    '',
    ...facts.map(([label, value]) => `${label}: ${value}`),
    '',
    `${w.open}: ${build.setUrl}`,
    '',
    '--',
    w.why,
    '',
  ].join('\n');
  const html = [
    `<p>${escapeHtml(intro)}</p>`,
    `<table>${facts
      .map(
        ([label, value]) =>
          `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
      )
      .join('')}</table>`,
    `<p><a href="${escapeHtml(build.setUrl)}">${escapeHtml(w.open)}</a></p>`,
    '<hr>',
    `<p><small>${escapeHtml(w.why)}</small></p>`,
  ].join('\n');
  return { to, subject: w.subject[build.outcome](build.name), text, html, link: build.setUrl };
}
