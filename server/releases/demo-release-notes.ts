import type { ReleaseStage } from '../../contract/statuses';

/** The releases the demo starts with, per series, oldest first; texts read like real release notes. */

export interface DemoRelease {
  key: string;
  version: string;
  stage: ReleaseStage;
  stage_number: number;
  /** Key of the release it derives from. */
  parent?: string;
  is_draft: boolean;
  is_public: boolean;
  /** How long before the seed it was created. */
  daysAgo: number;
  notes: { en: string; ru: string };
}

// Written the same way in both languages.
const MINERS: Record<string, string> = {
  x19: 'Antminer S19/T19',
  x21: 'Antminer S21/T21',
  l9: 'Antminer L9',
  l7: 'Antminer L7',
  x17: 'Antminer S17/T17',
  t2t: 'Innosilicon T2T',
};

const stable = (miners: string): DemoRelease => ({
  key: 'stable',
  version: '1.0.0',
  stage: 'stable',
  stage_number: 0,
  is_draft: false,
  is_public: true,
  daysAgo: 92,
  notes: {
    en: [
      `First stable release for ${miners}.`,
      '',
      '- Autotuning per hashboard with three power profiles: efficiency, balanced and performance.',
      '- Failover across up to three pools.',
      '- Fan control with an immersion cooling mode.',
      '- Web interface with live hashrate and temperature charts.',
    ].join('\n'),
    ru: [
      `Первый стабильный выпуск для ${miners}.`,
      '',
      '- Автотюнинг каждой хэш-платы с тремя профилями мощности: экономичный, сбалансированный и производительный.',
      '- Переключение между тремя пулами при сбоях.',
      '- Управление вентиляторами и режим иммерсионного охлаждения.',
      '- Веб-интерфейс с графиками хешрейта и температуры в реальном времени.',
    ].join('\n'),
  },
});

const dev: DemoRelease = {
  key: 'dev',
  version: '1.1.0-dev.1',
  stage: 'dev',
  stage_number: 1,
  parent: 'stable',
  is_draft: false,
  is_public: false,
  daysAgo: 34,
  notes: {
    en: 'Development build of 1.1.0 for internal testing: per-chip tuning on, verbose logging on. Not for production farms.',
    ru: 'Сборка 1.1.0 для внутреннего тестирования: включены подстройка по чипам и подробный журнал. Не для рабочих ферм.',
  },
};

const beta: DemoRelease = {
  key: 'beta',
  version: '1.1.0-beta.1',
  stage: 'beta',
  stage_number: 1,
  parent: 'stable',
  is_draft: false,
  is_public: true,
  daysAgo: 19,
  notes: {
    en: [
      'Beta of 1.1.0.',
      '',
      '- New: per-chip frequency tuning, up to 4% better efficiency.',
      '- New: scheduled power profiles, e.g. for a night tariff.',
      '- Fixed: a hashboard was sometimes not detected after a cold start.',
      '',
      'Known issue: the temperature chart may show gaps after a pool switch.',
    ].join('\n'),
    ru: [
      'Бета-версия 1.1.0.',
      '',
      '- Новое: подстройка частоты каждого чипа, энергоэффективность выше до 4%.',
      '- Новое: расписание профилей мощности, например под ночной тариф.',
      '- Исправлено: хэш-плата иногда не определялась после холодного старта.',
      '',
      'Известная проблема: после переключения пула на графике температуры возможны разрывы.',
    ].join('\n'),
  },
};

const rc: DemoRelease = {
  key: 'rc',
  version: '1.1.0-rc.1',
  stage: 'rc',
  stage_number: 1,
  parent: 'beta',
  is_draft: true,
  is_public: false,
  daysAgo: 2,
  notes: {
    en: [
      'Release candidate of 1.1.0.',
      '',
      '- Everything from beta 1.',
      '- Fixed: gaps in the temperature chart after a pool switch.',
      '- Faster boot: hashing starts about 40 seconds sooner.',
    ].join('\n'),
    ru: [
      'Кандидат в релизы 1.1.0.',
      '',
      '- Всё из бета-версии 1.',
      '- Исправлено: разрывы на графике температуры после переключения пула.',
      '- Быстрее загрузка: майнер начинает хешировать примерно на 40 секунд раньше.',
    ].join('\n'),
  },
};

/** x19 gets the whole ladder the demo shows; the current series a beta; the hidden old ones a stable only. */
export function demoReleasesOf(series: string): DemoRelease[] {
  const first = stable(MINERS[series] ?? `series ${series}`);
  if (series === 'x19') return [first, dev, beta, rc];
  if (series === 'x17' || series === 't2t') return [first];
  return [first, beta];
}
