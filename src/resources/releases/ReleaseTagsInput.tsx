import {
  Alert,
  Box,
  FormHelperText,
  LinearProgress,
  ListSubheader,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import { type ReactNode, useMemo } from 'react';
import { InputHelperText, type RaRecord, useGetList, useInput, useTranslate } from 'react-admin';
import { required } from '../../../contract/rules/text';
import type { RepositoryTags, SeriesRepository } from './types';
import { ALL, SERVER_ORDER } from './useReleases';

type TagsValue = Record<string, string>;

/** The repositories of a series with their tags and branches (GET /admin/series-repository, /repositories-tags). */
function useSeriesRepositories(series: string) {
  const mapping = useGetList<SeriesRepository & RaRecord>('seriesRepositories', {
    pagination: ALL,
    sort: SERVER_ORDER,
  });
  const tags = useGetList<RepositoryTags & RaRecord>(
    'repositoriesTags',
    { pagination: ALL, sort: SERVER_ORDER, meta: { series } },
    { enabled: Boolean(series), staleTime: 30_000 },
  );
  return useMemo(() => {
    const byName = new Map((tags.data ?? []).map((r) => [r.name, r]));
    const names = [
      ...(mapping.data ?? []).filter((m) => m.series === series).map((m) => m.repository),
      ...byName.keys(),
    ];
    return {
      repositories: [...new Set(names)].map((name) => ({ name, info: byName.get(name) })),
      isPending: mapping.isPending || (Boolean(series) && tags.isPending),
      error: mapping.error ?? tags.error,
    };
  }, [mapping.data, mapping.isPending, mapping.error, tags.data, tags.isPending, tags.error, series]);
}

const TagSelect = ({
  name,
  info,
  value,
  invalid,
  onChange,
}: {
  name: string;
  info?: RepositoryTags;
  value: string;
  invalid: boolean;
  onChange: (tag: string) => void;
}) => {
  const translate = useTranslate();
  const tags = info?.tags ?? [];
  const branches = info?.branches ?? [];
  const known = tags.includes(value) || branches.includes(value);
  return (
    <Box>
      <TextField
        select
        fullWidth
        size="small"
        label={name}
        value={value}
        error={invalid || Boolean(info?.error)}
        onChange={(event) => onChange(event.target.value)}
        helperText={info?.error ?? info?.url ?? ' '}
        slotProps={{
          formHelperText: { sx: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } },
        }}
      >
        {value && !known && <MenuItem value={value}>{value}</MenuItem>}
        {tags.length > 0 && <ListSubheader>{translate('resources.releases.tags.tags')}</ListSubheader>}
        {tags.map((tag) => (
          <MenuItem key={`t:${tag}`} value={tag}>
            {tag}
          </MenuItem>
        ))}
        {branches.length > 0 && (
          <ListSubheader>{translate('resources.releases.tags.branches')}</ListSubheader>
        )}
        {branches.map((branch) => (
          <MenuItem key={`b:${branch}`} value={branch}>
            {branch}
          </MenuItem>
        ))}
        {tags.length === 0 && branches.length === 0 && !value && (
          <MenuItem disabled value="">
            {translate('resources.releases.tags.none')}
          </MenuItem>
        )}
      </TextField>
    </Box>
  );
};

const requiredTags = required('tags');

/** One tag (or branch) per repository of the series; every repository needs one ('Tags' is required). */
export const ReleaseTagsInput = ({ series }: { series: string }) => {
  const translate = useTranslate();
  const { repositories, isPending, error } = useSeriesRepositories(series);
  const names = repositories.map((r) => r.name);
  const { field, fieldState } = useInput<TagsValue>({
    source: 'tags',
    validate: (value: unknown) => {
      const chosen = Object.entries((value ?? {}) as TagsValue).filter(([, tag]) => tag);
      // Until the repositories are known, any chosen tag will do; the server checks the rest.
      const missing = isPending
        ? chosen.length === 0
        : names.length === 0 || names.some((name) => !chosen.some(([repo]) => repo === name));
      return missing ? requiredTags(undefined) : undefined;
    },
  });
  const value: TagsValue = field.value ?? {};
  const shownError = fieldState.error?.message;

  let content: ReactNode;
  if (!series) {
    content = (
      <Typography color="text.secondary">{translate('resources.releases.tags.pick_series')}</Typography>
    );
  } else if (isPending) {
    content = <LinearProgress aria-label={translate('resources.releases.tags.loading')} sx={{ my: 2 }} />;
  } else if (error) {
    content = <Alert severity="error">{String((error as Error).message ?? error)}</Alert>;
  } else if (repositories.length === 0) {
    content = (
      <Alert severity="warning">{translate('resources.releases.tags.no_repositories', { series })}</Alert>
    );
  } else {
    content = (
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' } }}>
        {repositories.map(({ name, info }) => (
          <TagSelect
            key={name}
            name={name}
            info={info}
            value={value[name] ?? ''}
            invalid={Boolean(shownError) && !value[name]}
            onChange={(tag) => {
              field.onChange({ ...value, [name]: tag });
              field.onBlur();
            }}
          />
        ))}
      </Box>
    );
  }

  return (
    <Box role="group" aria-label={translate('resources.releases.fields.tags')}>
      {content}
      {shownError && (
        <FormHelperText error sx={{ mx: 1.75 }}>
          <InputHelperText error={shownError} />
        </FormHelperText>
      )}
    </Box>
  );
};
