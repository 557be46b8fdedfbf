// The sidebar at spec §9's breakpoints (issue 15, item 2): below 992 px (lg) it collapses to its icons, and opened
// there it lies over the page instead of pushing the content aside; following a link closes it again. Below 640 px
// react-admin's own temporary drawer applies. Its widths are in rem so the interface scale grows it with its text.
import { Backdrop, type Theme, useMediaQuery } from '@mui/material';
import { useEffect, useRef } from 'react';
import { Sidebar, type SidebarProps, useSidebarState } from 'react-admin';
import { useLocation } from 'react-router-dom';

export const SIDEBAR_WIDTH = '15.5rem';
export const SIDEBAR_CLOSED_WIDTH = '3.5rem';

/** Collapses the sidebar when the window becomes narrower than lg, opens it again when it becomes wide. */
export function useCollapseBelowLg(): { narrow: boolean; open: boolean; close: () => void } {
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
  return { narrow, open, close: () => setOpen(false) };
}

export const ResponsiveSidebar = (props: SidebarProps) => {
  const { narrow, open, close } = useCollapseBelowLg();
  const xsmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const overlay = narrow && !xsmall;
  return (
    <>
      <Sidebar
        {...props}
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
      />
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
