import { Box, Chip, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { useFormatDate } from './releaseDates';
import type { Release } from './types';

const Item = ({ label, children }: { label: string; children: ReactNode }) => (
  <Box>
    <Typography variant="caption" color="text.secondary" component="p" sx={{ fontWeight: 600, mb: 0.5 }}>
      {label}
    </Typography>
    {children}
  </Box>
);

/** The unfolded row: the whole description, the sources, the parent and the dates. */
export const ReleaseDetails = ({
  release,
  description,
  parent,
}: {
  release: Release;
  description: string;
  parent?: Release;
}) => {
  const translate = useTranslate();
  const formatDate = useFormatDate();
  const t = (key: string) => translate(`resources.releases.fields.${key}`);
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) minmax(0, 1fr)' },
        py: 2,
        px: 1,
      }}
    >
      <Item label={t('description')}>
        <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
          {description || translate('resources.releases.no_description')}
        </Typography>
      </Item>
      <Stack spacing={2}>
        <Item label={t('tags')}>
          <Stack direction="row" useFlexGap flexWrap="wrap" gap={0.75}>
            {release.tags.map((tag) => (
              <Chip
                key={tag.repository_name}
                size="small"
                variant="outlined"
                label={`${tag.repository_name} @ ${tag.tag_name}`}
                sx={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: '0.75rem' }}
              />
            ))}
          </Stack>
        </Item>
        {parent && (
          <Item label={t('parent')}>
            <Typography variant="body2">{`${parent.series} ${parent.version}`}</Typography>
          </Item>
        )}
        <Item label={t('created_at')}>
          <Typography variant="body2">{formatDate(release.created_at, 'long')}</Typography>
        </Item>
        {release.deploy_requested_at && (
          <Item label={t('deploy_requested_at')}>
            <Typography variant="body2">{formatDate(release.deploy_requested_at, 'long')}</Typography>
          </Item>
        )}
      </Stack>
    </Box>
  );
};
