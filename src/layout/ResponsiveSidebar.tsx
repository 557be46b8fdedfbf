// The sidebar at spec §9's breakpoints (issue 15, item 2): below 992 px (lg) it collapses to its icons, and opened
// there it lies over the page instead of pushing the content aside; following a link closes it again. Below 640 px
// a temporary drawer applies. Its widths are in rem so the interface scale grows it with its text.
import { Backdrop, Drawer, styled, type Theme, useMediaQuery } from '@mui/material';
import { useEffect, useRef } from 'react';
import { type SidebarProps, useLocale, useSidebarState } from 'react-admin';
import { useLocation } from 'react-router-dom';

export const SIDEBAR_WIDTH = '15.5rem';
export const SIDEBAR_CLOSED_WIDTH = '3.5rem';

/** Collapses the sidebar when the window becomes narrower than lg, opens it again when it becomes wide. */
export function useCollapseBelowLg(): {
  narrow: boolean;
  open: boolean;
  close: () => void;
  toggle: () => void;
} {
  const narrow = useMediaQuery<Theme>((theme) => theme.breakpoints.down('lg'), { noSsr: true });
  const [open, setOpen] = useSidebarState();
  const was = useRef<boolean | null>(null);
  useEffect(() => {
    if (was.current === narrow) return;
    if (narrow && open) setOpen(false);
    else if (!narrow && was.current === true && !open) setOpen(true);
    was.current = narrow;
  }, [narrow, open, setOpen]);
  const { pathname } = useLocation();
  const openRef = useRef(open);
  openRef.current = open;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a change of page is what closes the menu
  useEffect(() => {
    if (narrow && openRef.current) setOpen(false);
  }, [pathname]);
  return { narrow, open, close: () => setOpen(false), toggle: () => setOpen(!open) };
}

/** react-admin's sidebar's look, under its class names (RaSidebar-…). */
const SidebarDrawer = styled(Drawer, { name: 'RaSidebar', slot: 'Root', shouldForwardProp: () => true })(
  ({ theme }) => ({
    height: 'calc(100vh - 3em)',
    marginTop: 0,
    '& .RaSidebar-fixed': {
      position: 'fixed',
      height: 'calc(100vh - 3em)',
      overflowX: 'hidden',
      scrollbarWidth: 'none',
      '&::-webkit-scrollbar': { display: 'none' },
    },
    '& .MuiPaper-root': {
      position: 'relative',
      transition: theme.transitions.create('width', {
        easing: theme.transitions.easing.sharp,
        duration: theme.transitions.duration.leavingScreen,
      }),
      backgroundColor: 'transparent',
      borderRight: 'none',
      [theme.breakpoints.only('xs')]: {
        marginTop: 0,
        height: '100vh',
        position: 'inherit',
        backgroundColor: theme.palette.background.default,
      },
      [theme.breakpoints.up('md')]: { border: 'none' },
      zIndex: 'inherit',
    },
  }),
);

const SIDEBAR_CLASSES = { paper: 'RaSidebar-paper', docked: 'RaSidebar-docked', modal: 'RaSidebar-modal' };

/**
 * react-admin's Sidebar (its look and class names) without its scroll trigger. That follows the page's scroll to
 * slide the sidebar up with a header that hides on scroll, which this console's never does (`appBarAlwaysOn`);
 * and it read the scroll position as it mounted, so the browser laid the whole new shell out inside the task that
 * draws it: 7–9 ms, and up to 88 ms under Lighthouse's trace (issue 14, measured 2026-11-26).
 */
export const ResponsiveSidebar = ({ children }: SidebarProps) => {
  const { narrow, open, close, toggle } = useCollapseBelowLg();
  const xsmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'), { noSsr: true });
  useLocale(); // drawn again when the language changes, as react-admin's
  const overlay = narrow && !xsmall;
  return (
    <>
      <SidebarDrawer
        variant={xsmall ? 'temporary' : 'permanent'}
        open={open}
        onClose={toggle}
        className={open ? 'RaSidebar-open' : 'RaSidebar-closed'}
        classes={SIDEBAR_CLASSES}
        sx={{
          '& .MuiPaper-root': { width: open && !overlay ? SIDEBAR_WIDTH : SIDEBAR_CLOSED_WIDTH },
          ...(overlay &&
            open && {
              '& .RaSidebar-fixed': {
                zIndex: (theme: Theme) => theme.zIndex.drawer + 1,
                bgcolor: 'background.paper',
                boxShadow: 8,
              },
            }),
          ...(xsmall && { '& .MuiPaper-root': { width: SIDEBAR_WIDTH } }),
        }}
      >
        {xsmall ? children : <div className="RaSidebar-fixed">{children}</div>}
      </SidebarDrawer>
      {overlay && (
        <Backdrop
          open={open}
          onClick={close}
          sx={{ zIndex: (theme) => theme.zIndex.drawer, top: '3em' }}
          data-testid="sidebar-backdrop"
        />
      )}
    </>
  );
};
