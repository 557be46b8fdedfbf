import SearchIcon from '@mui/icons-material/Search';
import { Alert, Box, Button, LinearProgress, Stack, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { POLL_INTERVAL_MS } from '../../../../contract/constants';
import { uuid as uuidRule } from '../../../../contract/rules/text';
import { useHttpClient } from '../../../dataProvider/ApiContext';
import { ApiError } from '../../../dataProvider/httpClient';
import { errorMessages } from '../../../dataProvider/showError';
import { FoundBuildCard } from './FoundBuildCard';
import { findBuildByUuid } from './lookupApi';

/**
 * Admins find any partner's build by its uuid (GET /admin/firmwares/uuid/{uuid}): its owner, set, status and
 * links. The uuid is kept in the address (?uuid=), so a found build can be linked to; it refreshes while it
 * is queued or running.
 */
export const FindBuildPage = () => {
  const translate = useTranslate();
  const httpClient = useHttpClient();
  const [params, setParams] = useSearchParams();
  const wanted = (params.get('uuid') ?? '').trim().toLowerCase();
  const [text, setText] = useState(wanted);
  const [issue, setIssue] = useState<string>();
  const found = useQuery({
    queryKey: ['buildByUuid', wanted],
    queryFn: () => findBuildByUuid(httpClient, wanted),
    enabled: wanted !== '',
    retry: false,
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'pending' || status === 'in_progress' ? POLL_INTERVAL_MS : false;
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = text.trim().toLowerCase();
    const problem = value === '' ? 'lookup.find.required' : uuidRule(value);
    if (problem)
      setIssue(typeof problem === 'string' ? translate(problem) : translate(problem.message, problem.args));
    else setIssue(undefined);
    if (!problem) setParams({ uuid: value });
  };

  const notFound = found.error instanceof ApiError && found.error.status === 404;
  return (
    <Box sx={{ p: { xs: 1.5, sm: 2 }, maxWidth: 960 }}>
      <Stack
        component="form"
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        onSubmit={submit}
        noValidate
      >
        <TextField
          size="small"
          label={translate('lookup.find.uuid')}
          placeholder="00000000-0000-0000-0000-000000000000"
          value={text}
          onChange={(event) => setText(event.target.value)}
          error={Boolean(issue)}
          helperText={issue}
          sx={{ flex: 1 }}
          slotProps={{
            htmlInput: {
              spellCheck: false,
              autoComplete: 'off',
              'aria-label': translate('lookup.find.uuid'),
            },
          }}
        />
        <Button
          type="submit"
          variant="contained"
          startIcon={<SearchIcon />}
          sx={{ alignSelf: 'flex-start', height: 40 }}
        >
          {translate('lookup.find.submit')}
        </Button>
      </Stack>
      <Box sx={{ mt: 2 }}>
        {found.isFetching && !found.data && <LinearProgress />}
        {notFound && <Alert severity="info">{translate('lookup.find.not_found', { uuid: wanted })}</Alert>}
        {found.error && !notFound && (
          <Alert severity="error">{errorMessages(found.error, translate).join(' ')}</Alert>
        )}
        {found.data && !found.error && <FoundBuildCard build={found.data} />}
      </Box>
    </Box>
  );
};
