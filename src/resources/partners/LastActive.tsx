import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useDates } from '../../i18n/dates';
import { HintTooltip } from '../../ui/HintTooltip';

/** "5 minutes ago", in the UI language, with the exact time on hover; 'never' when there is none. */
export const LastActive = ({ value }: { value: string | null | undefined }) => {
  const translate = useTranslate();
  const dates = useDates();
  const ago = dates.relative(value);
  if (!ago) {
    // text.secondary, not text.disabled: "never" is information to read, and text.disabled is #9e9e9e on the
    // light paper, 2.67:1 (issue 40; WCAG AA asks 4.5:1 of text).
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('app.partners.never')}
      </Typography>
    );
  }
  return (
    <HintTooltip title={dates.format(value, 'exact')}>
      <Typography variant="body2" component="span">
        {ago}
      </Typography>
    </HintTooltip>
  );
};
