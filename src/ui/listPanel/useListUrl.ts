// Issue 17: a list whose params live in the store (listParams.ts) keeps its page and filters in the URL too, so
// a reload, a shared link or the browser's back button finds the same page: `?page=3&search=acme&by_vip=true`.
import { useEffect, useState } from 'react';
import { type ListParams, useStore } from 'react-admin';
import { useSearchParams } from 'react-router-dom';

/** The page and filter an URL's query names (only the `filters` given; `true` and numbers come back typed). */
export function paramsFromUrl(query: URLSearchParams, filters: readonly string[]): Partial<ListParams> {
  const found: Partial<ListParams> = {};
  const page = Number(query.get('page'));
  if (Number.isInteger(page) && page > 1) found.page = page;
  const filter: Record<string, unknown> = {};
  for (const key of filters) {
    const value = query.get(key);
    if (value === null || value === '') continue;
    filter[key] = value === 'true' ? true : value;
  }
  if (Object.keys(filter).length > 0) found.filter = filter;
  return found;
}

/** The query for the params: page when past the first, and each filter given that is set. */
export function urlFromParams(params: ListParams | undefined, filters: readonly string[]): URLSearchParams {
  const query = new URLSearchParams();
  if (params && params.page > 1) query.set('page', String(params.page));
  for (const key of filters) {
    const value = params?.filter?.[key];
    if (value !== undefined && value !== null && value !== '' && value !== false)
      query.set(key, String(value));
  }
  return query;
}

/**
 * Reads the URL into the stored params once (an URL with params wins over what the store remembers), then
 * writes every change of page or filter back to the URL (replacing the entry: back leaves the list rather than
 * paging). Answers whether the URL has been read: render the list only then, so it asks for the right page.
 */
export function useListUrl(storeKey: string, defaults: ListParams, filters: readonly string[]): boolean {
  const [params, setParams] = useStore<ListParams>(storeKey, defaults);
  const [query, setQuery] = useSearchParams();
  const [ready, setReady] = useState(false);

  useEffect(() => {
    if (ready) return;
    const fromUrl = paramsFromUrl(query, filters);
    if (Object.keys(fromUrl).length > 0) {
      setParams((current) => ({ ...defaults, ...current, page: 1, filter: {}, ...fromUrl }));
    }
    setReady(true);
  }, [ready, query, filters, defaults, setParams]);

  useEffect(() => {
    if (!ready) return;
    const wanted = urlFromParams(params, filters).toString();
    if (wanted !== query.toString()) setQuery(new URLSearchParams(wanted), { replace: true });
  }, [ready, params, filters, query, setQuery]);

  return ready;
}
