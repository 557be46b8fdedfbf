import { type LayoutProps, Layout as RaLayout } from 'react-admin';
import { AppHeader } from './AppHeader';
import { AppMenu } from './AppMenu';
import { Footer } from './Footer';
import { RequireSignIn } from './RequireSignIn';
import { StartupLoads } from './StartupLoads';
import { TopPanel } from './TopPanel';

/** The shell (spec §2): sidebar, header, the route's top panel, the content and the footer. */
export const Layout = ({ children }: LayoutProps) => (
  <RequireSignIn>
    <RaLayout
      appBar={AppHeader}
      menu={AppMenu}
      appBarAlwaysOn
      sx={{ '& .RaLayout-content': { px: { xs: 1.5, md: 3 } } }}
    >
      <StartupLoads />
      <TopPanel />
      {children}
      <Footer />
    </RaLayout>
  </RequireSignIn>
);
