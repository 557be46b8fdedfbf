import { describe, expect, it } from 'vitest';
import { fieldErrors, hasChanges, releaseChanges, toCreateBody, toFormValues } from './releaseFormValues';
import { validationError } from './test/fakeApi';
import { aRelease } from './test/fixtures';

const release = aRelease({
  id: 3,
  tags: [
    { repository_name: 'firmware-x19', tag_name: 'v1.0.0' },
    { repository_name: 'web-ui', tag_name: 'v1.0.0' },
  ],
  descriptions: [{ language: 'en', description: 'First' }],
});

describe('the release form values', () => {
  it('make a create body: trimmed, empty tags and descriptions left out, the intent as flags', () => {
    const body = toCreateBody(
      {
        series: 'x19',
        version: ' 1.2.0 ',
        stage: 'beta',
        stage_number: null,
        parent: '',
        tags: { 'firmware-x19': 'v1.1.0', 'web-ui': '' },
        descriptions: { en: ' Notes ', ru: '  ' },
        redeploy: false,
      },
      'draft',
    );
    expect(body).toEqual({
      series: 'x19',
      version: '1.2.0',
      stage: 'beta',
      stage_number: 0,
      parent: null,
      tags: [{ repository_name: 'firmware-x19', tag_name: 'v1.1.0' }],
      descriptions: [{ language: 'en', description: 'Notes' }],
      is_draft: true,
      is_public: false,
    });
  });

  it('find no changes in an untouched published release saved as published', () => {
    expect(hasChanges(releaseChanges(toFormValues(release), release, 'publish'))).toBe(false);
  });

  it('count redeploy, unpublishing and reordered tags correctly', () => {
    const values = toFormValues(release);
    expect(releaseChanges({ ...values, redeploy: true }, release, 'publish').patch).toEqual({
      redeploy: true,
    });
    expect(releaseChanges(values, release, 'draft').patch).toEqual({ is_draft: true, is_public: false });
    const reordered = { ...values, tags: { 'web-ui': 'v1.0.0', 'firmware-x19': 'v1.0.0' } };
    expect(hasChanges(releaseChanges(reordered, release, 'publish'))).toBe(false);
  });

  it('keep descriptions apart from the release patch', () => {
    const values = { ...toFormValues(release), descriptions: { en: 'First', ru: 'Первый' } };
    expect(releaseChanges(values, release, 'publish')).toEqual({
      patch: {},
      descriptions: [
        { language: 'en', description: 'First' },
        { language: 'ru', description: 'Первый' },
      ],
    });
  });

  it('map a 422 answer onto the inputs', () => {
    const error = validationError([
      { loc: ['body', 'version'], msg: 'Version is required' },
      { loc: ['body', 'tags', 0, 'tag_name'], msg: 'Unknown tag' },
      { loc: ['body', 'descriptions'], msg: 'A description in en is required' },
      { loc: ['body', 'descriptions', 1, 'description'], msg: 'Too long' },
      { loc: ['body'], msg: 'no changes made, nothing to submit' },
    ]);
    expect(
      fieldErrors(error, {
        tags: [{ repository_name: 'web-ui', tag_name: 'v9' }],
        descriptions: [
          { language: 'en', description: 'x' },
          { language: 'ru', description: 'y' },
        ],
      }),
    ).toEqual({
      version: 'Version is required',
      tags: 'web-ui: Unknown tag',
      'descriptions.en': 'A description in en is required',
      'descriptions.ru': 'Too long',
    });
    expect(fieldErrors(new Error('offline'), {})).toEqual({});
  });
});
