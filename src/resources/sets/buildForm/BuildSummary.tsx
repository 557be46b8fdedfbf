import BuildCircleOutlinedIcon from '@mui/icons-material/BuildCircleOutlined';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import { Box, Button, Card, CardContent, CircularProgress, Divider, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { joinPools, totalFee } from './pools';
import type { BuildFormValues } from './types';
import type { BuildFormData } from './useBuildFormData';

const Row = ({ label, children }: { label: string; children: ReactNode }) => (
  <Stack direction="row" spacing={1.5} sx={{ py: 0.5 }}>
    <Typography variant="body2" color="text.secondary" sx={{ width: '6.5rem', flexShrink: 0 }}>
      {label}
    </Typography>
    <Typography variant="body2" sx={{ fontWeight: 500, minWidth: 0, wordBreak: 'break-word' }}>
      {children}
    </Typography>
  </Stack>
);

/** What will be built, 'Build firmware' and 'Reset form'; sticky beside the form on wide screens. */
export const BuildSummary = ({
  data,
  setName,
  initialValues,
  editing,
  locked = false,
}: {
  data: BuildFormData;
  setName: string;
  initialValues: BuildFormValues;
  editing: boolean;
  locked?: boolean;
}) => {
  const translate = useTranslate();
  const { reset } = useFormContext<BuildFormValues>();
  const { isSubmitting } = useFormState();
  const values = useWatch() as BuildFormValues;
  const release = data.releases.find((r) => r.id === values.release);
  const license = data.licenses.find((l) => l.id === values.license);
  const pools = values.fee_pools_configs ? joinPools(values, data.isAdmin).length : 1;
  const dash = '—';
  const t = (key: string) => translate(`app.build_form.${key}`);

  return (
    <Card sx={{ position: { xl: 'sticky' }, top: { xl: '5rem' } }}>
      <CardContent sx={{ p: 2.5 }}>
        <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 1.5 }}>
          <BuildCircleOutlinedIcon color="primary" />
          <Typography variant="h6" component="h2" sx={{ fontSize: '1.05rem' }}>
            {t('summary.title')}
          </Typography>
        </Stack>
        <Row label={t('fields.set_name')}>{setName}</Row>
        <Row label={t('fields.model')}>{values.model ? `${values.model} (${values.series})` : dash}</Row>
        <Row label={t('fields.platform')}>
          {values.platform ? `${values.platform} · ${values.installType || dash}` : dash}
        </Row>
        <Row label={t('fields.release')}>
          {release ? `${release.version} · ${translate(`resources.releases.stages.${release.stage}`)}` : dash}
        </Row>
        <Row label={t('sections.license')}>
          {values.addLicense ? (license?.name ?? dash) : t('summary.no_license')}
        </Row>
        <Row label={t('sections.pools')}>
          {translate('app.build_form.summary.pools', {
            smart_count: pools,
            total: values.fee_pools_configs ? totalFee(values) : 0,
          })}
        </Row>
        <Row label={t('sections.logo')}>{t(`logo.${values.logoSelect ?? 'default'}`)}</Row>
        <Divider sx={{ my: 2 }} />
        <Stack spacing={1}>
          <Button
            type="submit"
            variant="contained"
            size="large"
            disabled={isSubmitting || data.isPending || locked}
            startIcon={
              isSubmitting || locked ? (
                <CircularProgress size={18} color="inherit" />
              ) : (
                <BuildCircleOutlinedIcon />
              )
            }
          >
            {t(editing ? 'actions.save_and_rebuild' : 'actions.build')}
          </Button>
          <Stack direction="row" spacing={1}>
            <Button
              color="inherit"
              startIcon={<RestartAltIcon />}
              onClick={() => reset(initialValues)}
              disabled={isSubmitting}
              sx={{ flex: 1 }}
            >
              {t('actions.reset')}
            </Button>
            <Button
              component={Link}
              to={`/firmwares/${initialValues.group_id}`}
              color="inherit"
              sx={{ flex: 1 }}
            >
              {translate('ra.action.cancel')}
            </Button>
          </Stack>
        </Stack>
        {editing && (
          <Box sx={{ mt: 1.5 }}>
            <Typography variant="caption" color="text.secondary">
              {t('summary.rebuild_hint')}
            </Typography>
          </Box>
        )}
      </CardContent>
    </Card>
  );
};
