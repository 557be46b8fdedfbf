import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Box, Button, Card, CardContent, Divider, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Form, SaveButton, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { PartnerAccountFields } from './PartnerAccountFields';
import { PartnerFeeFields } from './PartnerFeeFields';
import { PartnerQueueLimitFields } from './PartnerQueueLimitFields';
import type { PartnerFormValues } from './types';

const Section = ({ title, children }: { title: string; children: ReactNode }) => {
  const translate = useTranslate();
  return (
    <Box component="section" aria-label={translate(title)}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        {translate(title)}
      </Typography>
      {children}
    </Box>
  );
};

/** The partner form (create and edit): account fields, roles, custom DevFee; save and the page's extra actions. */
export const PartnerFormPage = ({
  title,
  subtitle,
  values,
  isCreate,
  onSubmit,
  actions,
  notice,
}: {
  title: string;
  subtitle?: string;
  values: PartnerFormValues;
  isCreate: boolean;
  onSubmit: (values: PartnerFormValues) => Promise<unknown>;
  actions?: ReactNode;
  /** Shown above the form (issue 17: the offer to restore a removed partner). */
  notice?: ReactNode;
}) => {
  const translate = useTranslate();
  return (
    <Box sx={{ maxWidth: '56rem', mt: 2 }}>
      <Button component={Link} to="/partners" startIcon={<ArrowBackIcon />} size="small" sx={{ mb: 1 }}>
        {translate('app.partners.back')}
      </Button>
      {notice}
      <Card>
        <Form
          record={values}
          onSubmit={(v: Record<string, unknown>) => onSubmit(v as unknown as PartnerFormValues)}
          noValidate
        >
          <CardContent sx={{ p: { xs: 2, md: 3 } }}>
            <Typography variant="h6" component="h1">
              {title}
            </Typography>
            {subtitle && (
              <Typography variant="body2" color="text.secondary">
                {subtitle}
              </Typography>
            )}
            <Stack spacing={3} sx={{ mt: 2.5 }}>
              <Section title="app.partners.account">
                <PartnerAccountFields isCreate={isCreate} />
              </Section>
              <Divider />
              <Section title="app.partners.devfee">
                <PartnerFeeFields />
              </Section>
              <Divider />
              <Section title="app.partners.queue_limits">
                <PartnerQueueLimitFields />
              </Section>
            </Stack>
          </CardContent>
          <Divider />
          <Stack direction="row" spacing={1} sx={{ px: { xs: 2, md: 3 }, py: 1.5 }} alignItems="center">
            <SaveButton label={isCreate ? 'app.partners.create' : 'ra.action.save'} alwaysEnable />
            <Button component={Link} to="/partners">
              {translate('ra.action.cancel')}
            </Button>
            <Box sx={{ flex: 1 }} />
            {actions}
          </Stack>
        </Form>
      </Card>
    </Box>
  );
};
