import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { Button, Card, Chip, IconButton, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { GENERAL_LOGO_ID } from '../../../contract/constants';
import { HintTooltip } from '../../ui/HintTooltip';
import type { LogoSet } from './accountApi';
import { LogoPreview } from './LogoPreview';

/** One logo set: the light-theme and dark-theme images side by side; own sets can be removed. */
export const LogoSetCard = ({
  logo,
  onRemove,
  onMakeDefault,
}: {
  logo: LogoSet;
  onRemove?: (logo: LogoSet) => void;
  /** Issue 37: any own set can become the default. */
  onMakeDefault?: (logo: LogoSet) => void;
}) => {
  const translate = useTranslate();
  const general = logo.id === GENERAL_LOGO_ID;
  const name = general ? translate('app.logos.general') : translate('app.logos.set', { id: logo.id });
  return (
    <Card sx={{ p: 1.5 }} component="article" aria-label={name} data-testid="logo-set">
      <Stack direction="row" alignItems="center" spacing={1} sx={{ mb: 1, minHeight: '2rem' }}>
        <Typography variant="body2" sx={{ fontWeight: 600, flex: 1 }} noWrap>
          {name}
        </Typography>
        {logo.is_default && <Chip size="small" color="primary" label={translate('app.logos.default')} />}
        {logo.for_build && <Chip size="small" variant="outlined" label={translate('app.logos.for_build')} />}
        {!general && !logo.is_default && onMakeDefault && (
          <Button size="small" onClick={() => onMakeDefault(logo)}>
            {translate('app.logos.make_this_default')}
          </Button>
        )}
        {!general && onRemove && (
          <HintTooltip title={translate('app.logos.remove')}>
            <IconButton
              size="small"
              color="error"
              aria-label={translate('app.logos.remove')}
              onClick={() => onRemove(logo)}
            >
              <DeleteOutlineIcon fontSize="small" />
            </IconButton>
          </HintTooltip>
        )}
      </Stack>
      <Stack direction="row" spacing={1}>
        <LogoPreview src={logo.le} theme="light" alt={`${name}: ${translate('app.logos.light')}`} />
        <LogoPreview src={logo.de} theme="dark" alt={`${name}: ${translate('app.logos.dark')}`} />
      </Stack>
    </Card>
  );
};
