import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { Button, type SxProps, type Theme, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Build } from './types';
import type { useBuildsControls } from './useSetBuilds';

/** How many builds a set has, the removed ones not counted. */
export const BuildsCount = ({ builds }: { builds: Build[] }) => {
  const translate = useTranslate();
  return (
    <Typography variant="body2" color="text.secondary">
      {translate('resources.firmwares.builds_count', {
        smart_count: builds.filter((b) => !b.is_removed).length,
      })}
    </Typography>
  );
};

/** Removes the chosen builds (after the controls' warning). */
export const DeleteChosenButton = ({
  controls,
  sx,
}: {
  controls: ReturnType<typeof useBuildsControls>;
  sx?: SxProps<Theme>;
}) => {
  const translate = useTranslate();
  return (
    <Button
      size="small"
      color="error"
      variant="contained"
      startIcon={<DeleteOutlineIcon />}
      onClick={() => controls.removeChosen(controls.chosen)}
      sx={sx}
    >
      {translate('resources.firmwares.actions.delete_selected')}
    </Button>
  );
};
