import AddIcon from '@mui/icons-material/Add';
import BrightnessAutoIcon from '@mui/icons-material/BrightnessAuto';
import DarkModeOutlinedIcon from '@mui/icons-material/DarkModeOutlined';
import LightModeOutlinedIcon from '@mui/icons-material/LightModeOutlined';
import RemoveIcon from '@mui/icons-material/Remove';
import {
  Box,
  Button,
  Divider,
  FormControlLabel,
  IconButton,
  Popover,
  Stack,
  Switch,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import type { ReactNode } from 'react';
import { usePermissions, useTranslate } from 'react-admin';
import { canAccess } from '../../contract/can-access';
import { type Language, UI_SCALE_STEPS, UI_SCALES } from '../../contract/constants';
import { HintTooltip } from '../ui/HintTooltip';
import { RunRetentionSetting } from './RunRetentionSetting';
import { keepSettingsOpen } from './settingsKeptOpen';
import { stepScale } from './store';
import { type ThemeMode, useLanguage, useScale, useShowRemoved, useThemeMode } from './usePreferences';

const Section = ({ label, children }: { label: string; children: ReactNode }) => (
  <Box sx={{ px: 2, py: 1.5 }}>
    <Typography variant="overline" color="text.secondary" component="p" sx={{ lineHeight: 2 }}>
      {label}
    </Typography>
    {children}
  </Box>
);

const SCALE_NAMES: Record<number, string> = {
  [UI_SCALES.small]: 'app.settings.scale_small',
  [UI_SCALES.default]: 'app.settings.scale_default',
  [UI_SCALES.large]: 'app.settings.scale_large',
};

export const SettingsContent = () => {
  const translate = useTranslate();
  const { permissions } = usePermissions();
  const [themeMode, setThemeMode] = useThemeMode();
  const [scale, setScale] = useScale();
  const [language, setLanguage] = useLanguage();
  const [showRemoved, setShowRemoved] = useShowRemoved();
  const scaleName = SCALE_NAMES[scale] ? translate(SCALE_NAMES[scale]) : '';

  return (
    <Box sx={{ width: '20rem', maxWidth: '100%', py: 0.5 }}>
      <Typography variant="subtitle1" sx={{ px: 2, pt: 1.5, fontWeight: 600 }}>
        {translate('app.settings.title')}
      </Typography>
      <Section label={translate('app.settings.theme')}>
        <ToggleButtonGroup
          exclusive
          fullWidth
          size="small"
          value={themeMode}
          onChange={(_, value: ThemeMode | null) => value && setThemeMode(value)}
          aria-label={translate('app.settings.theme')}
        >
          <ToggleButton value="light">
            <LightModeOutlinedIcon fontSize="small" sx={{ mr: 0.75 }} />
            {translate('app.settings.light')}
          </ToggleButton>
          <ToggleButton value="dark">
            <DarkModeOutlinedIcon fontSize="small" sx={{ mr: 0.75 }} />
            {translate('app.settings.dark')}
          </ToggleButton>
          <ToggleButton value="auto">
            <BrightnessAutoIcon fontSize="small" sx={{ mr: 0.75 }} />
            {translate('app.settings.auto')}
          </ToggleButton>
        </ToggleButtonGroup>
      </Section>
      <Divider />
      <Section label={translate('app.settings.scale')}>
        <Stack direction="row" alignItems="center" spacing={1}>
          <HintTooltip title={translate('app.settings.scale_down')}>
            <span>
              <IconButton
                size="small"
                aria-label={translate('app.settings.scale_down')}
                disabled={scale <= UI_SCALE_STEPS[0]}
                onClick={() => setScale(stepScale(scale, -1))}
              >
                <RemoveIcon />
              </IconButton>
            </span>
          </HintTooltip>
          <Typography sx={{ flex: 1, textAlign: 'center' }} aria-live="polite" data-testid="scale-value">
            {scaleName} · {Math.round(scale * 100)}%
          </Typography>
          <HintTooltip title={translate('app.settings.scale_up')}>
            <span>
              <IconButton
                size="small"
                aria-label={translate('app.settings.scale_up')}
                disabled={scale >= UI_SCALE_STEPS[UI_SCALE_STEPS.length - 1]}
                onClick={() => setScale(stepScale(scale, 1))}
              >
                <AddIcon />
              </IconButton>
            </span>
          </HintTooltip>
          <Button
            size="small"
            onClick={() => setScale(UI_SCALES.default)}
            disabled={scale === UI_SCALES.default}
          >
            {translate('app.settings.scale_reset')}
          </Button>
        </Stack>
      </Section>
      <Divider />
      <Section label={translate('app.settings.language')}>
        <ToggleButtonGroup
          exclusive
          fullWidth
          size="small"
          value={language}
          onChange={(_, value: Language | null) => {
            if (!value || value === language) return;
            keepSettingsOpen();
            setLanguage(value);
          }}
          aria-label={translate('app.settings.language')}
        >
          <ToggleButton value="en" lang="en">
            English
          </ToggleButton>
          <ToggleButton value="ru" lang="ru">
            Русский
          </ToggleButton>
        </ToggleButtonGroup>
      </Section>
      {canAccess(permissions, 'run_retention', 'settings') && (
        <>
          <Divider />
          <RunRetentionSetting />
        </>
      )}
      {canAccess(permissions, 'show_removed', 'settings') && (
        <>
          <Divider />
          <Box sx={{ px: 2, py: 1 }}>
            <FormControlLabel
              control={
                <Switch checked={showRemoved} onChange={(event) => setShowRemoved(event.target.checked)} />
              }
              label={translate('app.settings.show_removed')}
            />
          </Box>
        </>
      )}
    </Box>
  );
};

export const SettingsPopover = ({
  anchorEl,
  onClose,
}: {
  anchorEl: HTMLElement | null;
  onClose: () => void;
}) => (
  <Popover
    open={Boolean(anchorEl)}
    anchorEl={anchorEl}
    onClose={onClose}
    anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
    transformOrigin={{ vertical: 'top', horizontal: 'right' }}
    slotProps={{ paper: { sx: { mt: 1 } } }}
  >
    <SettingsContent />
  </Popover>
);
