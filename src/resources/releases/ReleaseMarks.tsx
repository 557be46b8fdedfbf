import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import { Chip, type ChipProps, Stack } from '@mui/material';
import type { ReactElement } from 'react';
import { useTranslate } from 'react-admin';
import type { Release } from './types';

const Mark = ({ label, color, icon }: { label: string; color: ChipProps['color']; icon?: ReactElement }) => (
  <Chip
    size="small"
    variant="outlined"
    label={label}
    color={color}
    icon={icon}
    sx={{
      height: '1.25rem',
      borderRadius: 1,
      fontSize: '0.7rem',
      fontWeight: 600,
      '& .MuiChip-icon': { ml: 0.5 },
    }}
  />
);

export interface ReleaseMarksProps {
  release: Release;
  newer: boolean;
  lastPrerelease: boolean;
}

/**
 * 'Newer version available' (spec §4), and the removed, draft and 'last prerelease' marks (a viewer only gets
 * such releases when allowed to see them).
 */
export const ReleaseMarks = ({ release, newer, lastPrerelease }: ReleaseMarksProps) => {
  const translate = useTranslate();
  const t = (key: string) => translate(`resources.releases.marks.${key}`);
  if (!newer && !release.is_removed && !release.is_draft && !lastPrerelease) return null;
  return (
    <Stack direction="row" useFlexGap flexWrap="wrap" gap={0.5} sx={{ mt: 0.5 }}>
      {newer && (
        <Mark label={t('newer')} color="warning" icon={<ArrowUpwardIcon sx={{ fontSize: '0.8rem' }} />} />
      )}
      {release.is_removed && <Mark label={t('removed')} color="error" />}
      {release.is_draft && <Mark label={t('draft')} color="default" />}
      {lastPrerelease && <Mark label={t('last_prerelease')} color="secondary" />}
    </Stack>
  );
};
