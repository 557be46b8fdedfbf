import { styled } from '@mui/material';
import { type ErrorInfo, memo, type ReactNode, Suspense, useEffect, useState } from 'react';
import { Error as ErrorPage, type LayoutProps, Loading } from 'react-admin';
import { ErrorBoundary } from 'react-error-boundary';
import { shellDrawn } from '../boot/firstPageDrawn';
import { StartDeferred } from '../boot/StartDeferred';
import { StartupLoads } from '../boot/StartupLoads';
import { LiveProvider } from '../custom/live/LiveProvider';
import { AppHeader } from './AppHeader';
import { AppMenu } from './AppMenu';
import { ConnectionBanner } from './ConnectionBanner';
import { Footer } from './Footer';
import { RequireSignIn } from './RequireSignIn';
import { ResponsiveSidebar } from './ResponsiveSidebar';
import { SkipLink } from './SkipLink';
import { TopPanel } from './TopPanel';
import { TaskPolling } from './useTaskCounters';

// react-admin renders the layout again, with a new `children`, whenever it sets its routes' state: once in an
// effect just after the console's first render, at default priority (one synchronous task). The shell's parts
// take no props from it, so they keep what they drew (issue 14).
const Header = memo(AppHeader);
const Menu = memo(AppMenu);
const Banner = memo(ConnectionBanner);
const Loads = memo(StartupLoads);
const Polling = memo(TaskPolling);
const Panel = memo(TopPanel);
const PageFooter = memo(Footer);

/** react-admin's layout's look, under its class names (RaLayout-…). */
const Frame = styled('div', { name: 'RaLayout', slot: 'Root' })(({ theme }) => ({
  display: 'flex',
  flexDirection: 'column',
  zIndex: 1,
  minHeight: '100vh',
  backgroundColor: theme.palette.background.default,
  position: 'relative',
  minWidth: 0,
  width: '100%',
  '& .RaLayout-appFrame': {
    display: 'flex',
    flexDirection: 'column',
    flexGrow: 1,
    marginTop: theme.spacing(6),
    [theme.breakpoints.down('sm')]: { marginTop: theme.spacing(7) },
  },
  '& .RaLayout-contentWithSidebar': { display: 'flex', flexGrow: 1 },
  '& .RaLayout-content': {
    backgroundColor: theme.palette.background.default,
    zIndex: 2,
    display: 'flex',
    flexDirection: 'column',
    flexGrow: 1,
    flexBasis: 0,
    minWidth: 0,
    padding: theme.spacing(0, 1.5),
    [theme.breakpoints.up('md')]: { padding: theme.spacing(0, 3) },
  },
}));

/**
 * The start-up work waits for the shell and its first page (firstPageDrawn.ts): marked in the commit that attaches
 * the page's slot, whose effects are those of the page's first render (a page waiting for its code or drawing its
 * data in the background says so there). Marked as the header was, before the deferred rest of the shell, the
 * first page counted as drawn before its rows in 5 of 8 cold /firmwares loads when its list was in the cache, and
 * the models' and task counters' requests then came before its largest paint (issue 14, session 21).
 */
const SlotDrawn = () => {
  useEffect(shellDrawn, []);
  return null;
};

/**
 * react-admin's Layout, as this console uses it: skip link, header, sidebar with the menu, the page in an error
 * boundary (issue 14):
 * - at start the header is drawn first and the rest in a render of its own: the header's tooltips set their state
 *   as they mount, which makes React run the effects and renders still pending in the same task, so one commit of
 *   the whole shell was a long task;
 * - without its Inspector (the editor of configurable views, which the console has none of): it read the page's
 *   width as it rendered, so the browser laid the page out in the middle of drawing the shell, 11 ms at start
 *   under Lighthouse's trace (measured 2026-11-26).
 */
const ShellFrame = ({ children }: { children: ReactNode }) => {
  const [errorInfo, setErrorInfo] = useState<ErrorInfo | undefined>(undefined);
  return (
    <Frame className="layout">
      <SkipLink />
      <div className="RaLayout-appFrame">
        <Header />
        <StartDeferred placeholder={null}>
          <main className="RaLayout-contentWithSidebar">
            <ResponsiveSidebar>
              <Menu />
            </ResponsiveSidebar>
            <div id="main-content" className="RaLayout-content">
              <ErrorBoundary
                onError={(_error, info) => setErrorInfo(info)}
                fallbackRender={({ error, resetErrorBoundary }) => (
                  <ErrorPage error={error} errorInfo={errorInfo} resetErrorBoundary={resetErrorBoundary} />
                )}
              >
                <Suspense fallback={<Loading />}>{children}</Suspense>
              </ErrorBoundary>
              <SlotDrawn />
            </div>
          </main>
        </StartDeferred>
      </div>
    </Frame>
  );
};

/**
 * The shell (spec §2): sidebar, header, the route's top panel, the content and the footer; inside it, the task
 * polling and (admins, developers) the live socket run while signed in.
 */
export const Layout = ({ children }: LayoutProps) => (
  <RequireSignIn>
    <LiveProvider>
      <ShellFrame>
        <Banner />
        <Loads />
        <Polling />
        <Panel />
        {children}
        <PageFooter />
      </ShellFrame>
    </LiveProvider>
  </RequireSignIn>
);
