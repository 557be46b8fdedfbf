import { describe, expect, it } from 'vitest';
import { loadMessages } from '../../../i18n/messages';
import { translateWith } from '../../../i18n/translate';
import { optionHint, optionLabel } from './optionLabels';

describe('build option names in the UI language', () => {
  it('names the known options in English and in Russian, never raw', async () => {
    const en = translateWith(await loadMessages('en'), 'en');
    const ru = translateWith(await loadMessages('ru'), 'ru');
    expect(optionLabel(en, 'fan_control')).toBe('Fan control');
    expect(optionLabel(ru, 'fan_control')).toBe('Управление вентиляторами');
    expect(optionLabel(ru, 'hostname_prefix')).toBe('Префикс имени хоста');
    expect(optionHint(ru, 'ssh_server', 'Keep the SSH server running')).toBe(
      'Оставить SSH-сервер включённым',
    );
  });

  it('makes an unknown option’s name readable and keeps the server’s description', async () => {
    const ru = translateWith(await loadMessages('ru'), 'ru');
    expect(optionLabel(ru, 'new_power_mode')).toBe('New power mode');
    expect(optionHint(ru, 'new_power_mode', 'From the server')).toBe('From the server');
  });

  it('has a name and a hint in both languages for every option a fresh console offers', async () => {
    const { DEMO_BUILD_OPTIONS } = await import('../../../../server/catalogue/build-options-repository');
    for (const language of ['en', 'ru'] as const) {
      const messages = (await loadMessages(language)) as unknown as {
        app: { build_form: { option_names: Record<string, string>; option_hints: Record<string, string> } };
      };
      for (const { name } of DEMO_BUILD_OPTIONS) {
        expect(messages.app.build_form.option_names[name], `${language} ${name}`).toBeTruthy();
        expect(messages.app.build_form.option_hints[name], `${language} ${name}`).toBeTruthy();
      }
    }
  });
});
