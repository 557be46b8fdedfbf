// /verify (issue 16): anyone holding a firmware file checks, in the browser, that it is exactly what the console
// built: its sha256 against the signed attestation, the Ed25519 signature by the console's key, and every file
// against the manifest. Public, in the empty layout; the set's name is never shown (the attestation has none).
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Alert, AlertTitle, Box, LinearProgress, Link, Stack, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { type DragEvent, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import {
  type AttestationPayload,
  attestedAtUpgrade,
  type Problem,
} from '../../../../contract/rules/attestation';
import { AuthCard } from '../../../custom/auth/AuthCard';
import { useHttpClient } from '../../../dataProvider/ApiContext';
import { useLanguage } from '../../../i18n/useLanguage';
import { formatBytes } from '../buildRules';
import { type CheckOutcome, checkFirmwareFile } from './verifyFile';

type State =
  | { step: 'idle' }
  | { step: 'checking'; name: string }
  | { step: 'done'; name: string; outcome: CheckOutcome };

const Row = ({ label, value, mono = false }: { label: string; value: string; mono?: boolean }) => (
  <Box component="tr">
    <Typography
      component="th"
      variant="body2"
      color="text.secondary"
      sx={{ textAlign: 'left', pr: 2, py: 0.25 }}
    >
      {label}
    </Typography>
    <Typography
      component="td"
      variant="body2"
      sx={{ wordBreak: 'break-all', py: 0.25, fontFamily: mono ? 'monospace' : undefined }}
    >
      {value}
    </Typography>
  </Box>
);

const BuildFacts = ({ payload, files }: { payload: AttestationPayload; files?: number }) => {
  const translate = useTranslate();
  const [locale] = useLanguage();
  const t = (key: string) => translate(`app.verify.fields.${key}`);
  const sources = payload.release.tags
    .map((tag) => `${tag.repository} @ ${tag.tag}${tag.commit ? ` (${tag.commit.slice(0, 12)})` : ''}`)
    .join(', ');
  return (
    <Box component="table" data-testid="verify-facts" sx={{ borderCollapse: 'collapse', mt: 1.5 }}>
      <tbody>
        <Row label={t('model')} value={payload.model} />
        <Row label={t('platform')} value={`${payload.platform} · ${payload.install_type}`} />
        <Row
          label={t('release')}
          value={`${payload.release.series} ${payload.release.version}${payload.release.stage ? ` (${payload.release.stage})` : ''}`}
        />
        {sources && <Row label={t('sources')} value={sources} />}
        <Row label={t('config_hash')} value={payload.config_hash} mono />
        <Row label="sha256" value={payload.sha256} mono />
        <Row label={t('size')} value={formatBytes(payload.size)} />
        {files !== undefined && <Row label={t('files')} value={String(files)} />}
        <Row label={t('agent')} value={payload.agent} />
        <Row label={t('signed_at')} value={new Date(payload.signed_at).toLocaleString(locale)} />
        <Row label={t('key_id')} value={payload.key_id} mono />
      </tbody>
    </Box>
  );
};

/** Issue 43: an attestation made at an upgrade, for a build older than attestations, says so. */
const UpgradeNote = ({ payload }: { payload: AttestationPayload }) => {
  const translate = useTranslate();
  const [locale] = useLanguage();
  if (!attestedAtUpgrade(payload)) return null;
  const day = (iso: string) => new Date(iso).toLocaleDateString(locale);
  return (
    <Typography variant="body2" sx={{ mt: 0.5 }} data-testid="verify-upgrade-note">
      {translate('app.verify.attested_at_upgrade', { date: day(payload.signed_at) })}
      {payload.built_at && ` ${translate('app.verify.built_on', { date: day(payload.built_at) })}`}
    </Typography>
  );
};

const problemText = (translate: ReturnType<typeof useTranslate>, problem: Problem) =>
  translate(`app.verify.problems.${problem.code}`, { path: problem.path ?? '' });

const Result = ({ name, outcome }: { name: string; outcome: CheckOutcome }) => {
  const translate = useTranslate();
  if (outcome.kind === 'failure') {
    return (
      <Alert severity="error" data-testid="verify-result" data-valid="false" icon={<ErrorIcon />}>
        <AlertTitle>{translate('app.verify.cannot_confirm', { name })}</AlertTitle>
        {translate(`app.verify.failures.${outcome.reason}`)}
      </Alert>
    );
  }
  const { verdict } = outcome;
  if (verdict.valid && verdict.payload) {
    return (
      <Alert severity="success" data-testid="verify-result" data-valid="true" icon={<CheckCircleIcon />}>
        <AlertTitle>{translate('app.verify.valid_title')}</AlertTitle>
        {translate('app.verify.valid_text', { name })}
        {verdict.noManifest && (
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            {translate('app.verify.no_manifest')}
          </Typography>
        )}
        <UpgradeNote payload={verdict.payload} />
        <BuildFacts payload={verdict.payload} files={outcome.files} />
      </Alert>
    );
  }
  return (
    <Alert severity="error" data-testid="verify-result" data-valid="false" icon={<ErrorIcon />}>
      <AlertTitle>{translate('app.verify.invalid_title')}</AlertTitle>
      {translate('app.verify.invalid_text', { name })}
      <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5 }} data-testid="verify-problems">
        {verdict.problems.map((problem) => (
          <li key={`${problem.code}:${problem.path ?? ''}`}>{problemText(translate, problem)}</li>
        ))}
      </Box>
      {verdict.payload && (
        <>
          <Typography variant="body2" sx={{ mt: 1.5, fontWeight: 600 }}>
            {translate('app.verify.attested_build')}
          </Typography>
          <BuildFacts payload={verdict.payload} />
        </>
      )}
    </Alert>
  );
};

export const VerifyPage = () => {
  const translate = useTranslate();
  const http = useHttpClient();
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<State>({ step: 'idle' });
  const [over, setOver] = useState(false);

  const check = async (file: File | undefined) => {
    if (!file) return;
    setState({ step: 'checking', name: file.name });
    let outcome: CheckOutcome;
    try {
      outcome = await checkFirmwareFile(file, http);
    } catch {
      outcome = { kind: 'failure', reason: 'not_archive' };
    }
    setState({ step: 'done', name: file.name, outcome });
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    void check(event.dataTransfer.files[0]);
  };

  return (
    <AuthCard
      title={translate('app.verify.title')}
      subtitle={translate('app.verify.subtitle')}
      width="min(48rem, 100%)"
    >
      <Stack spacing={2}>
        <Box
          role="button"
          tabIndex={0}
          data-testid="verify-drop"
          onClick={() => input.current?.click()}
          onKeyDown={(event) => {
            if (event.key === 'Enter' || event.key === ' ') {
              event.preventDefault();
              input.current?.click();
            }
          }}
          onDragOver={(event) => {
            event.preventDefault();
            setOver(true);
          }}
          onDragLeave={() => setOver(false)}
          onDrop={onDrop}
          sx={(theme) => ({
            border: `2px dashed ${over ? theme.palette.primary.main : theme.palette.divider}`,
            borderRadius: 2,
            p: 4,
            textAlign: 'center',
            cursor: 'pointer',
            bgcolor: over ? alpha(theme.palette.primary.main, 0.06) : 'transparent',
            '&:focus-visible': { outline: `2px solid ${theme.palette.primary.main}`, outlineOffset: 2 },
          })}
        >
          <UploadFileIcon sx={{ fontSize: '2.5rem', color: 'text.secondary' }} />
          <Typography sx={{ mt: 1, fontWeight: 600 }}>{translate('app.verify.drop')}</Typography>
          <Typography variant="body2" color="text.secondary">
            {translate('app.verify.drop_hint')}
          </Typography>
          <input
            ref={input}
            type="file"
            hidden
            data-testid="verify-input"
            accept=".tar.gz,.tgz,.tar,application/gzip,application/x-tar"
            onChange={(event) => {
              void check(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
        </Box>
        {state.step === 'checking' && (
          <Box role="status">
            <Typography variant="body2" sx={{ mb: 1 }}>
              {translate('app.verify.checking', { name: state.name })}
            </Typography>
            <LinearProgress />
          </Box>
        )}
        {state.step === 'done' && <Result name={state.name} outcome={state.outcome} />}
        <Typography variant="body2" color="text.secondary">
          {translate('app.verify.how')}{' '}
          <Link href="/api/signing-key" target="_blank" rel="noopener">
            {translate('app.verify.public_key')}
          </Link>
        </Typography>
      </Stack>
    </AuthCard>
  );
};
