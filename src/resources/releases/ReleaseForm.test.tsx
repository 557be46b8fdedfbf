import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Notification } from 'react-admin';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { renderWithAdmin } from '../../test/renderWithAdmin';
import { ReleaseCreate } from './ReleaseCreate';
import { ReleaseEdit } from './ReleaseEdit';
import { fakeApi, validationError } from './test/fakeApi';
import { aRelease } from './test/fixtures';

const EXISTING = aRelease({
  id: 5,
  series: 'x19',
  version: '1.1.0-beta.1',
  stage: 'beta',
  stage_number: 1,
  is_draft: true,
  is_public: false,
  tags: [
    { repository_name: 'firmware-x19', tag_name: 'v1.1.0' },
    { repository_name: 'web-ui', tag_name: 'v1.1.0' },
  ],
  descriptions: [{ language: 'en', description: 'Beta of 1.1.0' }],
});

function renderPage(handlers: Parameters<typeof fakeApi>[2] = {}, path = '/releases/create') {
  const api = fakeApi('admin', [EXISTING], handlers);
  renderWithAdmin(
    <>
      <Routes>
        <Route path="/releases/create" element={<ReleaseCreate />} />
        <Route path="/releases/:id" element={<ReleaseEdit />} />
        <Route path="/releases" element={<p>the list</p>} />
      </Routes>
      <Notification />
    </>,
    { role: 'admin', path, dataProvider: api.dataProvider },
  );
  return api;
}

const user = () => userEvent.setup({ delay: null });
const slow = { timeout: 30_000 };

async function choose(u: ReturnType<typeof userEvent.setup>, label: RegExp | string, option: string) {
  await u.click(await screen.findByRole('combobox', { name: label }, slow));
  await u.click(await screen.findByRole('option', { name: option }));
}

describe('the release form', () => {
  it('asks for the model series, version, stage, tags and the English description', async () => {
    const u = user();
    const api = renderPage();
    await u.click(await screen.findByRole('button', { name: 'Save to draft' }, slow));
    expect(await screen.findByText('Model series is required')).toBeInTheDocument();
    expect(screen.getByText('Version is required')).toBeInTheDocument();
    expect(screen.getByText('Stage is required')).toBeInTheDocument();
    expect(screen.getByText('Tags are required')).toBeInTheDocument();
    expect(screen.getByText('Field is required')).toBeInTheDocument();
    expect(api.writes()).toEqual([]);
  });

  it('wants a tag for every repository of the series', async () => {
    const u = user();
    const api = renderPage();
    await choose(u, /^Series/, 'x19');
    await u.type(screen.getByLabelText(/^Version/), '1.2.0');
    await choose(u, /^Stage(?! number)/, 'stable');
    await choose(u, /firmware-x19/, 'v1.1.0');
    await u.type(screen.getByLabelText('Description (English)'), 'Stable 1.2.0');
    await u.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByText('Tags are required')).toBeInTheDocument();
    expect(api.writes()).toEqual([]);

    await choose(u, /web-ui/, 'main');
    await u.click(screen.getByRole('button', { name: 'Publish' }));
    await screen.findByText('the list', undefined, slow);
    expect(api.writes()).toEqual([
      {
        method: 'POST',
        path: '/admin/releases',
        query: {},
        body: {
          series: 'x19',
          version: '1.2.0',
          stage: 'stable',
          stage_number: 0,
          parent: null,
          tags: [
            { repository_name: 'firmware-x19', tag_name: 'v1.1.0' },
            { repository_name: 'web-ui', tag_name: 'main' },
          ],
          descriptions: [{ language: 'en', description: 'Stable 1.2.0' }],
          is_draft: false,
          is_public: true,
        },
      },
    ]);
    expect(await screen.findByText('Release created')).toBeInTheDocument();
  });

  it('puts the server’s 422 messages on the inputs and says the creation failed', async () => {
    const u = user();
    renderPage({
      'POST /admin/releases': () => {
        throw validationError([
          { loc: ['body', 'version'], msg: 'Version 1.1.0 already exists for x19 beta' },
          { loc: ['body', 'tags', 1, 'tag_name'], msg: 'Tag v9 not found' },
        ]);
      },
    });
    await choose(u, /^Series/, 'x19');
    await u.type(screen.getByLabelText(/^Version/), '1.1.0-beta.1');
    await choose(u, /^Stage(?! number)/, 'beta');
    await choose(u, /firmware-x19/, 'v1.1.0');
    await choose(u, /web-ui/, 'v1.0.0');
    await u.type(screen.getByLabelText('Description (English)'), 'Again');
    await u.click(screen.getByRole('button', { name: 'Save to draft' }));
    expect(await screen.findByText('Release creation failed')).toBeInTheDocument();
    expect(await screen.findByText('Version 1.1.0 already exists for x19 beta')).toBeInTheDocument();
    expect(screen.getByText('web-ui: Tag v9 not found')).toBeInTheDocument();
  });

  it('says there is nothing to submit when an edit changes nothing', async () => {
    const u = user();
    const api = renderPage({}, '/releases/5');
    expect(await screen.findByDisplayValue('1.1.0-beta.1', undefined, slow)).toBeInTheDocument();
    await screen.findByRole('combobox', { name: /web-ui/ }, slow);
    await u.click(screen.getByRole('button', { name: 'Save to draft' }));
    expect(await screen.findByText('no changes made, nothing to submit')).toBeInTheDocument();
    expect(api.writes()).toEqual([]);
  });

  it('sends a description change alone to the descriptions route', async () => {
    const u = user();
    const api = renderPage(
      { 'PATCH /admin/releases/5/descriptions': ({ body }) => ({ ...EXISTING, ...(body as object) }) },
      '/releases/5',
    );
    const russian = await screen.findByLabelText('Description (Russian)', undefined, slow);
    await u.type(russian, 'Бета 1.1.0');
    await u.click(screen.getByRole('button', { name: 'Save to draft' }));
    await screen.findByText('the list', undefined, slow);
    expect(api.writes()).toEqual([
      {
        method: 'PATCH',
        path: '/admin/releases/5/descriptions',
        query: {},
        body: {
          descriptions: [
            { language: 'en', description: 'Beta of 1.1.0' },
            { language: 'ru', description: 'Бета 1.1.0' },
          ],
        },
      },
    ]);
    expect(await screen.findByText('Release updated')).toBeInTheDocument();
  });

  it('publishes a draft with only the changed fields', async () => {
    const u = user();
    const api = renderPage(
      { 'PATCH /admin/releases/5': ({ body }) => ({ ...EXISTING, ...(body as object), id: 9 }) },
      '/releases/5',
    );
    const version = await screen.findByDisplayValue('1.1.0-beta.1', undefined, slow);
    await u.clear(version);
    await u.type(version, '1.1.1-beta.1');
    await u.click(screen.getByRole('button', { name: 'Publish' }));
    await screen.findByText('the list', undefined, slow);
    expect(api.writes()).toEqual([
      {
        method: 'PATCH',
        path: '/admin/releases/5',
        query: {},
        body: { version: '1.1.1-beta.1', is_draft: false, is_public: true },
      },
    ]);
    expect(within(document.body).getByText('Release updated')).toBeInTheDocument();
  });

  it('wants a semantic version whose pre-release part agrees with the stage (issue 17)', async () => {
    const u = user();
    const api = renderPage();
    await choose(u, /^Series/, 'x19');
    const version = screen.getByLabelText(/^Version/);
    await u.type(version, 'banana');
    await choose(u, /^Stage(?! number)/, 'stable');
    await u.click(screen.getByRole('button', { name: 'Save to draft' }));
    expect(
      await screen.findByText('Version must be a semantic version, such as 1.2.0 or 1.2.0-beta.1'),
    ).toBeInTheDocument();
    await u.clear(version);
    await u.type(version, '1.2.0-rc.1');
    await u.click(screen.getByRole('button', { name: 'Save to draft' }));
    expect(
      await screen.findByText('A stable version has no pre-release part, such as 1.2.0'),
    ).toBeInTheDocument();
    expect(api.writes()).toEqual([]);
  });

  it('asks before saving a published release to draft, and sends nothing when told no (issue 17)', async () => {
    const u = user();
    const published = aRelease({ ...EXISTING, id: 6, is_draft: false, is_public: true });
    const api = fakeApi('admin', [published], {
      'PATCH /admin/releases/6': ({ body }) => ({ ...published, ...(body as object), id: 10 }),
    });
    renderWithAdmin(
      <Routes>
        <Route path="/releases/:id" element={<ReleaseEdit />} />
        <Route path="/releases" element={<p>the list</p>} />
      </Routes>,
      { role: 'admin', path: '/releases/6', dataProvider: api.dataProvider },
    );
    const stageNumber = await screen.findByLabelText(/^Stage number/, undefined, slow);
    await u.clear(stageNumber);
    await u.type(stageNumber, '2');
    await u.click(screen.getByRole('button', { name: 'Save to draft' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Save x19 1.1.0-beta.1 to draft?')).toBeInTheDocument();
    await u.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.writes()).toEqual([]);

    await u.click(screen.getByRole('button', { name: 'Save to draft' }));
    const again = await screen.findByRole('dialog');
    await u.click(await within(again).findByRole('button', { name: 'Save to draft' }));
    await screen.findByText('the list', undefined, slow);
    expect(api.writes()).toEqual([
      {
        method: 'PATCH',
        path: '/admin/releases/6',
        query: {},
        body: { stage_number: 2, is_draft: true, is_public: false },
      },
    ]);
  });
});
