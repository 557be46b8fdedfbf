import { afterEach, describe, expect, it, vi } from 'vitest';
import { createI18nProvider } from '../i18n/i18nProvider';
import { loadMessages } from '../i18n/messages';
import { translateWith } from '../i18n/translate';
import { ERROR_TOAST, errorMessages, showError } from './showError';

const response = (status: number, body: unknown, statusText = '') => ({
  status,
  statusText,
  body,
  message: 'HTTP',
});

describe('shared error display (spec §8)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('1. a detail whose description is a list: one length toast per entry', () => {
    const error = response(400, {
      detail: {
        description: [
          { code: 'worker', value: 'ab', min: 3, max: 32 },
          { code: 'name', value: 'x'.repeat(40), min: 1, max: 32 },
        ],
      },
    });
    expect(errorMessages(error)).toEqual([
      'Invalid worker: 2 (min: 3 max: 32)',
      'Invalid name: 40 (min: 1 max: 32)',
    ]);
  });

  it('2. a detail string as is, a detail list as "<last loc, as the form labels it>: msg" per entry', () => {
    expect(errorMessages(response(401, { detail: 'Incorrect email or password' }))).toEqual([
      'Incorrect email or password',
    ]);
    const validation = response(422, {
      detail: [
        { loc: ['body', 'email'], msg: 'Invalid email', type: 'value_error' },
        {
          loc: ['body', 'password'],
          msg: 'Password length must be from 8 to 32 characters',
          type: 'value_error',
        },
      ],
    });
    expect(errorMessages(validation)).toEqual([
      'Email: Invalid email',
      'Password: Password length must be from 8 to 32 characters',
    ]);
  });

  // Issue 15, item 9: toasts showed wire names ("release_id: Already on the newest release").
  it('names the field as the user knows it, in the language on screen, never by its wire name', () => {
    const upgrade = response(422, {
      detail: [{ loc: ['body', 'release_id'], msg: 'Already on the newest release', type: 'value_error' }],
    });
    const en = createI18nProvider('en').translate;
    expect(errorMessages(upgrade, en)).toEqual(['Release: Already on the newest release']);
    const unknown = response(422, { detail: [{ loc: ['body', 'hostname_prefix'], msg: 'Too long' }] });
    expect(errorMessages(unknown, en)).toEqual(['Hostname prefix: Too long']);
  });

  it('3. status 500 or more: status code and text, body to the console', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(errorMessages(response(502, '<html>bad gateway</html>', 'Bad Gateway'))).toEqual([
      '502 Bad Gateway',
    ]);
    expect(log).toHaveBeenCalledWith('<html>bad gateway</html>');
  });

  it('4. otherwise the body, or the message when there was no response', () => {
    expect(errorMessages(response(404, 'Not here'))).toEqual(['Not here']);
    expect(errorMessages(response(409, { reason: 'taken' }))).toEqual(['{"reason":"taken"}']);
    expect(errorMessages(new TypeError('Failed to fetch'))).toEqual(['Failed to fetch']);
    expect(errorMessages('plain')).toEqual(['plain']);
  });

  it('a 429 (sign-in and e-mail limits): how long to wait, from Retry-After, in the user language', async () => {
    const limited = (retryAfter?: number) => ({
      ...response(429, { detail: 'Too many sign-in attempts, try again later' }),
      retryAfter,
    });
    expect(errorMessages(limited(1))).toEqual(['Too many attempts. Try again in 1 second.']);
    expect(errorMessages(limited(0))).toEqual(['Too many attempts. Try again in 1 second.']);
    expect(errorMessages(limited(61))).toEqual(['Too many attempts. Try again in 2 minutes.']);
    expect(errorMessages(limited())).toEqual(['Too many attempts. Try again later.']);

    const en = translateWith(await loadMessages('en'), 'en');
    expect(errorMessages(limited(45), en)).toEqual(['Too many attempts. Try again in 45 seconds.']);
    const ru = translateWith(await loadMessages('ru'), 'ru');
    expect(errorMessages(limited(2), ru)).toEqual(['Слишком много попыток. Повторите через 2 секунды.']);
    expect(errorMessages(limited(300), ru)).toEqual(['Слишком много попыток. Повторите через 5 минут.']);
    expect(errorMessages(limited(), ru)).toEqual(['Слишком много попыток. Повторите позже.']);
  });

  it("a 429 of the build queue's limits (issue 36): the limit named, in the user language", async () => {
    const detail = 'At most 20 builds may wait in the queue; 20 are waiting and this would add 3';
    const full = { ...response(429, { detail }), retryAfter: undefined };
    expect(errorMessages(full)).toEqual([detail]);
    expect(errorMessages(full, translateWith(await loadMessages('en'), 'en'))).toEqual([detail]);
    expect(errorMessages(full, translateWith(await loadMessages('ru'), 'ru'))).toEqual([
      'В очереди может ждать не больше 20 сборок; сейчас ждут 20, запрос добавил бы ещё 3',
    ]);
    const hourly = {
      ...response(429, {
        detail:
          'At most 5 builds may be queued per hour; 5 were queued in the last hour and this would add 1',
      }),
      retryAfter: 1200,
    };
    expect(errorMessages(hourly, translateWith(await loadMessages('ru'), 'ru'))).toEqual([
      'За час можно поставить в очередь не больше 5 сборок; за последний час поставлено 5, запрос добавил бы ещё 1',
    ]);
  });

  it('a 409 of a cancel that came too late (issue 37): how the build ended, in the user language', async () => {
    const ended = response(409, { detail: 'The build had already ended (done): nothing was cancelled' });
    expect(errorMessages(ended, translateWith(await loadMessages('en'), 'en'))).toEqual([
      'The build had already ended (done): nothing was cancelled',
    ]);
    expect(errorMessages(ended, translateWith(await loadMessages('ru'), 'ru'))).toEqual([
      'Сборка уже завершилась (готово): отменять нечего',
    ]);
  });

  it('shows each message as an error toast for 15 seconds', () => {
    const notify = vi.fn();
    showError(
      notify,
      response(422, {
        detail: [
          { loc: ['body', 'a'], msg: 'x' },
          { loc: ['query', 'b'], msg: 'y' },
        ],
      }),
    );
    expect(notify).toHaveBeenCalledTimes(2);
    expect(notify).toHaveBeenNthCalledWith(1, 'A: x', expect.objectContaining(ERROR_TOAST));
    expect(notify.mock.calls[1][1]).toMatchObject({ type: 'error', autoHideDuration: 15000 });
  });

  it('uses the translator for the length message', () => {
    const translate = vi.fn(() => 'translated');
    const error = response(400, { detail: { description: [{ code: 'c', value: [1, 2], min: 0, max: 1 }] } });
    expect(errorMessages(error, translate)).toEqual(['translated']);
    expect(translate).toHaveBeenCalledWith('app.errors.invalid_length', {
      code: 'c',
      length: 2,
      min: 0,
      max: 1,
    });
  });
});
