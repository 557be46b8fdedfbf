import { createContext, type ReactNode, useContext } from 'react';
import type { HttpClient } from './httpClient';

// The httpClient for calls that are not a resource's (account, password reset, task counters).
const HttpClientContext = createContext<HttpClient | null>(null);

export const HttpClientProvider = ({ value, children }: { value: HttpClient; children: ReactNode }) => (
  <HttpClientContext.Provider value={value}>{children}</HttpClientContext.Provider>
);

export function useHttpClient(): HttpClient {
  const client = useContext(HttpClientContext);
  if (!client) throw new Error('useHttpClient needs an <HttpClientProvider>');
  return client;
}
