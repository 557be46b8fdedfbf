import { type LayoutProps, Layout as RaLayout } from 'react-admin';
import { LiveProvider } from '../custom/live/LiveProvider';
import { AppHeader } from './AppHeader';
import { AppMenu } from './AppMenu';
import { ConnectionBanner } from './ConnectionBanner';
import { Footer } from './Footer';
import { RequireSignIn } from './RequireSignIn';
import { ResponsiveSidebar } from './ResponsiveSidebar';
import { StartupLoads } from './StartupLoads';
import { TopPanel } from './TopPanel';
import { TaskPolling } from './useTaskCounters';

/**
 * The shell (spec §2): sidebar, header, the route's top panel, the content and the footer; inside it, the task
 * polling and (admins, developers) the live socket run while signed in.
 */
export const Layout = ({ children }: LayoutProps) => (
  <RequireSignIn>
    <LiveProvider>
      <RaLayout
        appBar={AppHeader}
        menu={AppMenu}
        sidebar={ResponsiveSidebar}
        appBarAlwaysOn
        sx={{ minWidth: 0, '& .RaLayout-content': { px: { xs: 1.5, md: 3 }, minWidth: 0 } }}
      >
        <ConnectionBanner />
        <StartupLoads />
        <TaskPolling />
        <TopPanel />
        {children}
        <Footer />
      </RaLayout>
    </LiveProvider>
  </RequireSignIn>
);
