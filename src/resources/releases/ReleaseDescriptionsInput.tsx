import { Box } from '@mui/material';
import { type RaRecord, TextInput, useGetList, useTranslate } from 'react-admin';
import { DEFAULT_LANGUAGE } from '../../../contract/constants';
import { required } from '../../../contract/rules/text';
import { ALL, SERVER_ORDER } from './useReleases';

const requiredDescription = required('field');

/** One description per language of GET /client/languages; the default language (en) is required. */
export const ReleaseDescriptionsInput = () => {
  const translate = useTranslate();
  const { data, isPending } = useGetList<{ name: string } & RaRecord>('languages', {
    pagination: ALL,
    sort: SERVER_ORDER,
  });
  const names = data?.map((l) => l.name) ?? [];
  // Until the languages arrive (or if they fail) the default language is still there to fill in.
  const languages = isPending || names.length === 0 ? [DEFAULT_LANGUAGE] : names;
  const sorted = [...new Set([DEFAULT_LANGUAGE, ...languages])].filter((l) => languages.includes(l));

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' } }}>
      {sorted.map((language) => (
        <TextInput
          key={language}
          source={`descriptions.${language}`}
          label={translate('resources.releases.fields.description_in', {
            language: translate(`resources.releases.languages.${language}`, { _: language }),
          })}
          multiline
          minRows={4}
          validate={language === DEFAULT_LANGUAGE ? requiredDescription : undefined}
          helperText={false}
        />
      ))}
    </Box>
  );
};
