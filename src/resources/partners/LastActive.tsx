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
    return (
      <Typography variant="body2" color="text.disabled">
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
