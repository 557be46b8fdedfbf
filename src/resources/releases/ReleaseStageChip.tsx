import { Chip, type ChipProps } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ReleaseStage } from '../../../contract/statuses';

const COLOR: Record<ReleaseStage, ChipProps['color']> = {
  dev: 'default',
  alpha: 'warning',
  beta: 'warning',
  rc: 'info',
  prerelease: 'secondary',
  stable: 'success',
};

/** The stage, with its number when above zero ("beta 2"). */
export const ReleaseStageChip = ({ stage, stageNumber }: { stage: ReleaseStage; stageNumber: number }) => {
  const translate = useTranslate();
  const label = translate(`resources.releases.stages.${stage}`, { _: stage });
  return (
    <Chip
      size="small"
      variant="outlined"
      color={COLOR[stage] ?? 'default'}
      label={stageNumber > 0 ? `${label} ${stageNumber}` : label}
      sx={{ fontWeight: 600, borderRadius: 1.5, height: '1.375rem' }}
    />
  );
};
