import { type Breakpoint, Dialog, type DialogProps, type Theme, useMediaQuery } from '@mui/material';

/** A dialog as wide as `maxWidth` allows that fills the screen below the `fullScreenBelow` breakpoint. */
export const ResponsiveDialog = ({
  fullScreenBelow,
  titleId,
  ...props
}: Omit<DialogProps, 'fullWidth' | 'fullScreen' | 'aria-labelledby'> & {
  fullScreenBelow: Breakpoint;
  /** The id of the dialog's title, its accessible name. */
  titleId: string;
}) => {
  const fullScreen = useMediaQuery<Theme>((theme) => theme.breakpoints.down(fullScreenBelow));
  return <Dialog {...props} fullWidth fullScreen={fullScreen} aria-labelledby={titleId} />;
};
