import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createDataProvider } from '../../dataProvider';
import type { HttpClient } from '../../dataProvider/httpClient';
import { renderWithAdmin } from '../../test/renderWithAdmin';
import { LicenseList } from './LicenseList';

// Issue 17, defect 10: the regions came in reverse order (react-admin's default sort is id DESC).
describe('LicenseList', () => {
  it('shows the regions in the order the server lists them, alphabetical', async () => {
    const regions = ['Asia', 'Europe', 'North America'].map((region, i) => ({
      region,
      licenses: [{ id: i + 1, name: `${region} license`, region, issued: i }],
    }));
    const httpClient = vi.fn(async () => ({
      status: 200,
      headers: new Headers(),
      json: regions,
    })) as unknown as HttpClient;
    renderWithAdmin(<LicenseList />, {
      role: 'admin',
      dataProvider: createDataProvider(httpClient),
      httpClient,
    });
    await screen.findByText('Asia license');
    const shown = screen.getAllByTestId('license-region').map((card) => card.getAttribute('aria-label'));
    expect(shown).toEqual(['Asia', 'Europe', 'North America']);
  });
});
