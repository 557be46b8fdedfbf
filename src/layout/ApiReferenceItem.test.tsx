import { render, screen } from '@testing-library/react';
import { I18nContextProvider } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { ApiReferenceItem } from './ApiReferenceItem';

const i18n = (text: string) => ({
  translate: (key: string) => (key === 'app.user_menu.api_reference' ? text : key),
  changeLocale: async () => undefined,
  getLocale: () => 'en',
});

describe('the user menu’s API reference item', () => {
  it('links the reference page in a new tab, named in the language shown', () => {
    render(
      <I18nContextProvider value={i18n('Справочник API')}>
        <ApiReferenceItem />
      </I18nContextProvider>,
    );
    const link = screen.getByRole('menuitem', { name: 'Справочник API' });
    expect(link).toHaveAttribute('href', '/api/reference');
    expect(link).toHaveAttribute('target', '_blank');
  });
});
