import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Notification } from 'react-admin';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LOGO_SETS_MAX } from '../../../contract/constants';
import { sampleAccount } from '../../../contract/samples/account';
import { readToken, writeToken } from '../../authProvider/session';
import { createDataProvider } from '../../dataProvider';
import { ApiError, type HttpClient, type HttpRequest } from '../../dataProvider/httpClient';
import { loadMessages } from '../../i18n/messages';
import { renderWithAdmin } from '../../test/renderWithAdmin';
import { ChangeEmailForm } from './ChangeEmailForm';
import { ChangePasswordForm } from './ChangePasswordForm';
import { LogoSection } from './LogoSection';
import { PreferencesSection } from './PreferencesSection';

// The machine running the suite may be busy: give async queries more than the default second.
configure({ asyncUtilTimeout: 5000 });

type Answer = (path: string, request: HttpRequest) => unknown;

function setup(ui: React.ReactNode, answer: Answer = () => ({}), locale: 'en' | 'ru' = 'en') {
  const calls: { path: string; request: HttpRequest }[] = [];
  const httpClient = vi.fn(async (path: string, request: HttpRequest = {}) => {
    calls.push({ path, request });
    return { status: 200, headers: new Headers(), json: await answer(path, request) };
  }) as unknown as HttpClient;
  renderWithAdmin(
    <>
      {ui}
      <Notification />
    </>,
    { httpClient, dataProvider: createDataProvider(httpClient), locale },
  );
  return () => calls.filter((c) => c.request.method && c.request.method !== 'GET');
}

const user = () => userEvent.setup({ delay: null });
async function fill(u: ReturnType<typeof user>, element: HTMLElement, text: string) {
  await u.click(element);
  await u.paste(text);
}

beforeEach(() => localStorage.clear());

describe('change e-mail', () => {
  it.each([
    ['partner@example.com', 'email is the same'],
    ['PARTNER@example.com', 'email is the same'],
    ['почта@example.com', 'Cyrillic symbols are not allowed'],
    ['not-an-email', 'Invalid email'],
  ])('refuses %s: %s', async (value, message) => {
    const u = user();
    const writes = setup(<ChangeEmailForm currentEmail="partner@example.com" />);
    await fill(u, screen.getByLabelText(/^New e-mail/), value);
    await u.click(screen.getByRole('button', { name: 'Send confirmation' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(writes()).toEqual([]);
  });

  it('asks the server to mail the new address and says so', async () => {
    const u = user();
    const writes = setup(<ChangeEmailForm currentEmail="partner@example.com" />);
    await fill(u, screen.getByLabelText(/^New e-mail/), 'new@example.com');
    await u.click(screen.getByRole('button', { name: 'Send confirmation' }));
    expect(
      await screen.findAllByText(/The email was sent\. Please check your spam folder too\./),
    ).not.toHaveLength(0);
    expect(writes()).toEqual([
      {
        path: '/client/account/change-email',
        request: { method: 'POST', body: { email: 'new@example.com' } },
      },
    ]);
  });
});

describe('change password', () => {
  it('needs the current password and a new one of 8 to 32 characters', async () => {
    const u = user();
    const writes = setup(<ChangePasswordForm />);
    await fill(u, screen.getByLabelText(/^New password/), 'short');
    await u.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
    expect(screen.getByText('Password length must be from 8 to 32 characters')).toBeInTheDocument();
    expect(writes()).toEqual([]);
  });

  it("stores the new token and says 'Password was changed'", async () => {
    const u = user();
    writeToken('old-token');
    const writes = setup(<ChangePasswordForm />, () => ({ access_token: 'new-token', token_type: 'bearer' }));
    await fill(u, screen.getByLabelText(/^Current password/), 'partner-pass-123');
    await fill(u, screen.getByLabelText(/^New password/), 'partner-pass-456');
    await u.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Password was changed')).toBeInTheDocument();
    expect(readToken()).toBe('new-token');
    expect(writes()[0]).toEqual({
      path: '/client/account/change-password',
      request: {
        method: 'POST',
        body: { old_password: 'partner-pass-123', new_password: 'partner-pass-456' },
      },
    });
  });

  // Issue 15, item 12: a new password equal to the current one was accepted.
  it('refuses a new password equal to the current one before sending it', async () => {
    const u = user();
    const writes = setup(<ChangePasswordForm />, () => ({
      access_token: 'new-token',
      token_type: 'bearer',
    }));
    await fill(u, screen.getByLabelText(/^Current password/), 'partner-pass-123');
    await fill(u, screen.getByLabelText(/^New password/), 'partner-pass-123');
    await u.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The new password must differ from the current one')).toBeInTheDocument();
    expect(writes()).toEqual([]);
  });

  it('shows a wrong current password under its field', async () => {
    const u = user();
    writeToken('old-token');
    setup(<ChangePasswordForm />, () => {
      throw new ApiError(
        'Unprocessable Entity',
        422,
        {
          detail: [
            { loc: ['body', 'old_password'], msg: 'Current password is incorrect', type: 'value_error' },
          ],
        },
        'Unprocessable Entity',
      );
    });
    await fill(u, screen.getByLabelText(/^Current password/), 'wrong-pass-1');
    await fill(u, screen.getByLabelText(/^New password/), 'partner-pass-456');
    await u.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Current password is incorrect')).toBeInTheDocument();
    expect(readToken()).toBe('old-token');
  });
});

describe('my logo', () => {
  // A PNG's signature is enough for the browser's check of the content.
  const png = (name: string) =>
    new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0])], name, {
      type: 'image/png',
    });

  it("needs both images: 'Please upload both logotypes'", async () => {
    const u = user();
    const writes = setup(<LogoSection />, (path) => (path === '/client/firmware/logo' ? [] : {}));
    await u.upload(screen.getByLabelText('Light-theme logo'), png('light.png'));
    await u.click(screen.getByRole('button', { name: 'Upload logos' }));
    expect(await screen.findByText('Please upload both logotypes')).toBeInTheDocument();
    expect(writes()).toEqual([]);
  });

  it('refuses other file types', async () => {
    const u = userEvent.setup({ delay: null, applyAccept: false });
    setup(<LogoSection />, (path) => (path === '/client/firmware/logo' ? [] : {}));
    await u.upload(
      screen.getByLabelText('Dark-theme logo'),
      new File(['gif'], 'x.gif', { type: 'image/gif' }),
    );
    expect(
      await screen.findByText('Dark-theme logo “x.gif”: Choose a PNG, JPEG or SVG image'),
    ).toBeInTheDocument();
  });

  it('refuses a text file named .png before previewing it, with a translated message', async () => {
    const u = user();
    const writes = setup(<LogoSection />, (path) => (path === '/client/firmware/logo' ? [] : {}));
    await u.upload(
      screen.getByLabelText('Light-theme logo'),
      new File(['hello, I am text'], 'logo.png', { type: 'image/png' }),
    );
    // Issue 37: the refusal is said on the picker, naming the file, not dropped without a word.
    const picker = screen.getByLabelText('Light-theme logo');
    const said = await screen.findByText(
      'Light-theme logo “logo.png”: This file is not a PNG, JPEG or SVG image (its content does not match its name)',
    );
    expect(said).toHaveAttribute('id', picker.getAttribute('aria-describedby'));
    expect(picker).toHaveAttribute('aria-invalid', 'true');
    expect(document.querySelector('img[src^="blob:"]')).toBeNull();
    expect(writes()).toEqual([]);
  });

  // Issue 37: the server's refusal of an SVG read 'le: …' in a toast, in English whatever the language.
  it.each([
    [
      'en',
      'Dark-theme logo “evil.svg”: SVG images may not run scripts (event handlers or javascript: links)',
    ],
    [
      'ru',
      'Логотип для тёмной темы «evil.svg»: SVG-изображение не может запускать скрипты (обработчики событий или ссылки javascript:)',
    ],
  ] as const)('says on its picker which file the server refused and why (%s)', async (locale, text) => {
    await loadMessages(locale);
    const u = user();
    const svg = new File(['<svg xmlns="http://www.w3.org/2000/svg" onload="x()"/>'], 'evil.svg', {
      type: 'image/svg+xml',
    });
    setup(
      <LogoSection />,
      (path) => {
        if (path === '/client/firmware/logo') return [];
        const detail = [
          { loc: ['body', 'image_de'], msg: 'SVG images may not contain event handler attributes' },
        ];
        throw new ApiError('Unprocessable Entity', 422, { detail }, 'Unprocessable Entity');
      },
      locale,
    );
    const light = locale === 'en' ? 'Light-theme logo' : 'Логотип для светлой темы';
    const dark = locale === 'en' ? 'Dark-theme logo' : 'Логотип для тёмной темы';
    await u.upload(screen.getByLabelText(light), png('light.png'));
    await u.upload(screen.getByLabelText(dark), svg);
    await u.click(
      screen.getByRole('button', { name: locale === 'en' ? 'Upload logos' : 'Загрузить логотипы' }),
    );
    const said = await screen.findByText(text);
    expect(said).toHaveAttribute('id', screen.getByLabelText(dark).getAttribute('aria-describedby'));
    expect(screen.queryByText(/\ble\b|image_de/)).not.toBeInTheDocument();
  });

  it('uploads both images as multipart with the default flag', async () => {
    const u = user();
    const writes = setup(<LogoSection />, (path) =>
      path === '/client/firmware/logo'
        ? []
        : { id: 2, le: '/api/logos/2/le.png', de: '/api/logos/2/de.png', is_default: true },
    );
    await u.upload(screen.getByLabelText('Light-theme logo'), png('light.png'));
    await u.upload(screen.getByLabelText('Dark-theme logo'), png('dark.png'));
    await u.click(screen.getByLabelText('Make these images the default'));
    await u.click(screen.getByRole('button', { name: 'Upload logos' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    const body = writes()[0].request.body as FormData;
    expect(writes()[0].path).toBe('/client/account/logo');
    expect((body.get('image_le') as File).name).toBe('light.png');
    expect((body.get('image_de') as File).name).toBe('dark.png');
    expect(body.get('make_images_default')).toBe('true');
    expect(await screen.findByText('Logos uploaded')).toBeInTheDocument();
  });

  it('says the allowance is used up, in the user’s words, without sending the images (issue 36)', async () => {
    const u = user();
    const own = Array.from({ length: LOGO_SETS_MAX }, (_, i) => ({
      id: i + 2,
      le: `/api/logos/${i}/le`,
      de: `/api/logos/${i}/de`,
      is_default: false,
    }));
    const general = { id: 1, le: '/api/logos/g/le', de: '/api/logos/g/de', is_default: true };
    const writes = setup(<LogoSection />, (path) =>
      path === '/client/firmware/logo' ? [general, ...own] : {},
    );
    await u.upload(screen.getByLabelText('Light-theme logo'), png('light.png'));
    await u.upload(screen.getByLabelText('Dark-theme logo'), png('dark.png'));
    await screen.findAllByRole('img');
    await u.click(screen.getByRole('button', { name: 'Upload logos' }));
    expect(
      await screen.findByText(
        `At most ${LOGO_SETS_MAX} logo sets per account: remove one you no longer use first`,
      ),
    ).toBeInTheDocument();
    expect(writes()).toEqual([]);
  });
});

describe('preferences', () => {
  it('saves allow mailing as send_email; no beta switch for non-testers', async () => {
    const u = user();
    const writes = setup(
      <PreferencesSection account={sampleAccount()} onChanged={() => {}} />,
      (_, r) => r.body,
    );
    expect(screen.queryByLabelText('Take part in beta testing')).toBeNull();
    await u.click(screen.getByLabelText('Notify me by e-mail about new releases'));
    await waitFor(() =>
      expect(writes()).toEqual([
        { path: '/client/account/info', request: { method: 'PATCH', body: { send_email: true } } },
      ]),
    );
    expect(await screen.findByText('You will get an e-mail about new releases')).toBeInTheDocument();
  });

  it('turns build notifications on and off, each outcome apart (issue 37)', async () => {
    const u = user();
    const writes = setup(
      <PreferencesSection account={sampleAccount({ notify_build_done: true })} onChanged={() => {}} />,
      (_, r) => r.body,
    );
    const done = screen.getByLabelText('E-mail me when a build of mine finishes');
    const failed = screen.getByLabelText('E-mail me when a build of mine fails');
    expect(done).toBeChecked();
    expect(failed).not.toBeChecked();
    await u.click(failed);
    await waitFor(() =>
      expect(writes()).toEqual([
        { path: '/client/account/info', request: { method: 'PATCH', body: { notify_build_failed: true } } },
      ]),
    );
    expect(await screen.findByText('You will get an e-mail when a build of yours fails')).toBeInTheDocument();
    await u.click(done);
    await waitFor(() =>
      expect(writes().at(-1)).toEqual({
        path: '/client/account/info',
        request: { method: 'PATCH', body: { notify_build_done: false } },
      }),
    );
    expect(
      await screen.findByText('You will no longer get e-mails about finished builds'),
    ).toBeInTheDocument();
  });

  it('gives beta testers the beta-testing switch', async () => {
    const u = user();
    const writes = setup(
      <PreferencesSection
        account={sampleAccount({ is_tester: true, role: 'tester' })}
        onChanged={() => {}}
      />,
      (_, r) => r.body,
    );
    await u.click(screen.getByLabelText('Take part in beta testing'));
    await waitFor(() =>
      expect(writes()).toEqual([
        { path: '/client/account/info', request: { method: 'PATCH', body: { beta_testing: true } } },
      ]),
    );
  });
});
