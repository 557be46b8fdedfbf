import { Tooltip, Typography } from '@mui/material';
import { format, formatDistanceToNow, isValid, parseISO } from 'date-fns';
import { enUS, ru } from 'date-fns/locale';
import { useLocaleState, useTranslate } from 'react-admin';

const LOCALES = { en: enUS, ru };

/** "5 minutes ago", in the UI language, with the exact time on hover; 'never' when there is none. */
export const LastActive = ({ value }: { value: string | null | undefined }) => {
  const translate = useTranslate();
  const [localeName] = useLocaleState();
  const date = value ? parseISO(value) : undefined;
  if (!date || !isValid(date)) {
    return (
      <Typography variant="body2" color="text.disabled">
        {translate('app.partners.never')}
      </Typography>
    );
  }
  const locale = LOCALES[localeName as keyof typeof LOCALES] ?? enUS;
  return (
    <Tooltip title={format(date, 'PPpp', { locale })}>
      <Typography variant="body2" component="span">
        {formatDistanceToNow(date, { addSuffix: true, locale })}
      </Typography>
    </Tooltip>
  );
};
