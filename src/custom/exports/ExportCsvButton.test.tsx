import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HttpClient, HttpRequest } from '../../dataProvider/httpClient';
import { PermissionsLoaded } from '../../test/PermissionsLoaded';
import { renderWithAdmin } from '../../test/renderWithAdmin';
import { attachmentName, ExportCsvButton } from './ExportCsvButton';

afterEach(() => vi.restoreAllMocks());

describe('ExportCsvButton', () => {
  it('downloads the export with the list filters, under the server’s file name, BOM included', async () => {
    const user = userEvent.setup({ delay: null });
    const calls: { path: string; query?: HttpRequest['query'] }[] = [];
    const httpClient = vi.fn(async (path: string, request: HttpRequest = {}) => {
      calls.push({ path, query: request.query });
      return {
        status: 200,
        headers: new Headers({ 'content-disposition': 'attachment; filename="builds-2026-11-25.csv"' }),
        json: 'id,name\r\n1,a\r\n',
      };
    }) as unknown as HttpClient;
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:export';
    });
    URL.revokeObjectURL = vi.fn();
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    renderWithAdmin(<ExportCsvButton name="exportBuilds" query={{ group_id: 3, is_removed: undefined }} />, {
      role: 'admin',
      httpClient,
    });
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(names).toEqual(['builds-2026-11-25.csv']));
    expect(calls).toEqual([
      { path: '/admin/exports/builds.csv', query: { group_id: 3, is_removed: undefined } },
    ]);
    const bytes = new Uint8Array(await blobs[0].arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes.slice(3))).toBe('id,name\r\n1,a\r\n');
  });

  it('is not there for a developer', async () => {
    renderWithAdmin(
      <>
        <ExportCsvButton name="exportPartners" />
        <PermissionsLoaded />
      </>,
      { role: 'developer' },
    );
    await screen.findByText('role: developer');
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
  });

  it('reads the file name of Content-Disposition', () => {
    expect(attachmentName('attachment; filename="partners-2026-01-01.csv"', 'x.csv')).toBe(
      'partners-2026-01-01.csv',
    );
    expect(attachmentName(null, 'x.csv')).toBe('x.csv');
  });
});
