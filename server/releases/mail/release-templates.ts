import type { Release } from '../../../contract/schemas/release-schemas';
import { consoleText } from '../../platform/mail/mail-locale';
import type { MailMessage } from '../../platform/mail/mailer';
import type { MailLanguage } from '../../platform/mail/templates';

interface ReleaseWording {
  subject: (title: string) => string;
  intro: string;
  series: string;
  version: string;
  stage: string;
  notes: string;
  noNotes: string;
  open: string;
  why: string;
  unsubscribe: string;
}

const WORDING: Record<MailLanguage, ReleaseWording> = {
  en: {
    subject: (title) => `New release: ${title}`,
    intro: 'A new firmware release is available to you in Firmware Console.',
    series: 'Series',
    version: 'Version',
    stage: 'Stage',
    notes: 'Release notes',
    noNotes: 'No release notes.',
    open: 'Open the console',
    why: 'You get this e-mail because you chose to be notified about new releases.',
    unsubscribe: 'Unsubscribe',
  },
  ru: {
    subject: (title) => `Новый релиз: ${title}`,
    intro: 'В Firmware Console вам доступен новый релиз прошивки.',
    series: 'Серия',
    version: 'Версия',
    stage: 'Стадия',
    notes: 'Описание релиза',
    noNotes: 'Описания нет.',
    open: 'Открыть консоль',
    why: 'Вы получили это письмо, потому что включили уведомления о новых релизах.',
    unsubscribe: 'Отписаться',
  },
};

export interface ReleaseMailUrls {
  /** The console's releases page. */
  console: string;
  /** The public page that unsubscribes on arrival (for people). */
  unsubscribe: string;
  /** The API address for RFC 8058 one-click unsubscribe (for mail clients, by POST). */
  oneClick: string;
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The release notes in the language, else in English (always given), else none. */
export function notesIn(release: Pick<Release, 'descriptions'>, language: MailLanguage): string {
  const of = (lang: string) => release.descriptions.find((d) => d.language === lang)?.description.trim();
  return of(language) || of('en') || '';
}

/** The e-mail telling an account of a release it may now see, in the account's language. */
export function releaseMail(
  to: string,
  language: MailLanguage,
  release: Pick<Release, 'series' | 'version' | 'stage' | 'descriptions'>,
  urls: ReleaseMailUrls,
): MailMessage {
  const w = WORDING[language] ?? WORDING.en;
  const notes = notesIn(release, language);
  // Issue 37: the stage as the console names it in the account's language ("стабильный", not "stable").
  const stage = consoleText(language, `resources.releases.stages.${release.stage}`);
  const title = `${release.series} ${release.version} (${stage})`;
  const facts: [string, string][] = [
    [w.series, release.series],
    [w.version, release.version],
    [w.stage, stage],
  ];
  const text = [
    w.intro,
    '',
    ...facts.map(([label, value]) => `${label}: ${value}`),
    '',
    `${w.notes}:`,
    notes || w.noNotes,
    '',
    `${w.open}: ${urls.console}`,
    '',
    '--',
    w.why,
    `${w.unsubscribe}: ${urls.unsubscribe}`,
    '',
  ].join('\n');
  const html = [
    `<p>${escapeHtml(w.intro)}</p>`,
    `<table>${facts
      .map(
        ([label, value]) =>
          `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
      )
      .join('')}</table>`,
    `<h3>${escapeHtml(w.notes)}</h3>`,
    `<p>${notes ? escapeHtml(notes).replace(/\r?\n/g, '<br>') : escapeHtml(w.noNotes)}</p>`,
    `<p><a href="${escapeHtml(urls.console)}">${escapeHtml(w.open)}</a></p>`,
    '<hr>',
    `<p><small>${escapeHtml(w.why)} <a href="${escapeHtml(urls.unsubscribe)}">${escapeHtml(w.unsubscribe)}</a></small></p>`,
  ].join('\n');
  return {
    to,
    subject: w.subject(title),
    text,
    html,
    link: urls.console,
    headers: {
      'List-Unsubscribe': `<${urls.oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
