import { Button, styled } from '@mui/material';
import { useTranslate } from 'react-admin';

/**
 * react-admin's skip-navigation button's place, under its class names: off screen until focused. In the primary
 * colour: react-admin's drew white text on the page's light grey.
 */
const SkipButton = styled(Button, { name: 'RaSkipNavigationButton', slot: 'Root' })(({ theme }) => ({
  position: 'fixed',
  padding: theme.spacing(1),
  backgroundColor: theme.palette.primary.main,
  color: theme.palette.primary.contrastText,
  transition: theme.transitions.create(['top', 'opacity'], {
    easing: theme.transitions.easing.easeIn,
    duration: theme.transitions.duration.leavingScreen,
  }),
  left: theme.spacing(2),
  top: theme.spacing(-10),
  zIndex: 5000,
  '&:hover': { backgroundColor: theme.palette.primary.dark },
  '&:focus': {
    top: theme.spacing(2),
    transition: theme.transitions.create(['top', 'opacity'], {
      easing: theme.transitions.easing.easeOut,
      duration: theme.transitions.duration.enteringScreen,
    }),
  },
}));

/** Moves the keyboard's focus to the page's content, as react-admin's does. */
const skipToContent = () => {
  const content = document.getElementById('main-content');
  if (!content) return;
  content.setAttribute('tabIndex', '-1');
  content.focus();
  content.blur();
  content.removeAttribute('tabIndex');
};

/**
 * The first stop of the keyboard: "Skip to content". react-admin's SkipNavigationButton is its Button, which on a
 * phone becomes an icon button in MUI's Tooltip (here with no icon), and that Tooltip sets its state as it mounts:
 * one more synchronous render of the shell inside the task that commits it (issue 14).
 */
export const SkipLink = () => {
  const translate = useTranslate();
  return (
    <SkipButton className="skip-nav-button" variant="contained" onClick={skipToContent}>
      {translate('ra.navigation.skip_nav')}
    </SkipButton>
  );
};
