import { Box, CircularProgress } from '@mui/material';
import { type ComponentType, lazy, type ReactNode, Suspense, useEffect } from 'react';
import { pageWaiting } from './firstPageDrawn';
import { retryingImport } from './retryingImport';
import { StartDeferred } from './StartDeferred';

export const PageLoading = () => (
  <Box sx={{ display: 'flex', justifyContent: 'center', alignItems: 'center', minHeight: '12rem' }}>
    <CircularProgress size={32} aria-label="loading" />
  </Box>
);

/** Shows `children` while a page's code is on its way, and tells the start-up work to wait (firstPageDrawn). */
const WaitingForPage = ({ children }: { children: ReactNode }) => {
  useEffect(() => pageWaiting(), []);
  return children;
};

/** A page loaded on demand (spec §2: every route is loaded on demand), with its own loading indicator. */
export function lazyPage<P extends object = object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode = <PageLoading />,
): ComponentType<P> {
  const Lazy = lazy(async () => ({ default: await retryingImport(load) })) as unknown as ComponentType<P>;
  // biome-ignore lint/correctness/noComponentHookFactories: called once per page at module load, never during render
  const LazyPage = (props: P) => {
    const waiting = <WaitingForPage>{fallback}</WaitingForPage>;
    return (
      <Suspense fallback={waiting}>
        <StartDeferred placeholder={waiting}>
          <Lazy {...props} />
        </StartDeferred>
      </Suspense>
    );
  };
  return LazyPage;
}
