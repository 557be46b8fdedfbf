import { memo } from 'react';
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

const CONTENT_SX = { minWidth: 0, '& .RaLayout-content': { px: { xs: 1.5, md: 3 }, minWidth: 0 } };

/**
 * The shell (spec §2): sidebar, header, the route's top panel, the content and the footer; inside it, the task
 * polling and (admins, developers) the live socket run while signed in.
 */
export const Layout = ({ children }: LayoutProps) => (
  <RequireSignIn>
    <LiveProvider>
      <RaLayout appBar={Header} menu={Menu} sidebar={ResponsiveSidebar} appBarAlwaysOn sx={CONTENT_SX}>
        <Banner />
        <Loads />
        <Polling />
        <Panel />
        {children}
        <PageFooter />
      </RaLayout>
    </LiveProvider>
  </RequireSignIn>
);
