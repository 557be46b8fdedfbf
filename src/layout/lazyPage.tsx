import { Box, CircularProgress } from '@mui/material';
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { retryingImport } from './retryingImport';

export const PageLoading = () => (
  <Box sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: '12rem' }}>
    <CircularProgress size={32} aria-label="loading" />
  </Box>
);

/** A page loaded on demand (spec §2: every route is loaded on demand), with its own loading indicator. */
export function lazyPage<P extends object = object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode = <PageLoading />,
): ComponentType<P> {
  const Lazy = lazy(async () => ({ default: await retryingImport(load) })) as unknown as ComponentType<P>;
  // biome-ignore lint/correctness/noComponentHookFactories: called once per page at module load, never during render
  const LazyPage = (props: P) => (
    <Suspense fallback={fallback}>
      <Lazy {...props} />
    </Suspense>
  );
  return LazyPage;
}
