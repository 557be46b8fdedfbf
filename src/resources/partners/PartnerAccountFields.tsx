import { Box, Typography } from '@mui/material';
import { BooleanInput, PasswordInput, TextInput, useTranslate } from 'react-admin';
import { partnerWorker, passwordLength } from '../../../contract/rules/account';
import { validateEmail, validatePassword } from '../../../contract/rules/validators';
import { PARTNER_FLAGS } from './types';

const validateWorker = [partnerWorker];
const validateOptionalPassword = [passwordLength];

/** E-mail, alias (worker), password (required when creating), and the role and status switches. */
export const PartnerAccountFields = ({ isCreate }: { isCreate: boolean }) => {
  const translate = useTranslate();
  return (
    <>
      <Box sx={{ display: 'grid', gap: { xs: 0, md: 2 }, gridTemplateColumns: { md: '1fr 1fr' } }}>
        <TextInput
          source="email"
          label="resources.partners.fields.email"
          type="email"
          autoComplete="off"
          validate={validateEmail}
          fullWidth
        />
        <TextInput
          source="worker"
          label="resources.partners.fields.worker"
          autoComplete="off"
          validate={validateWorker}
          fullWidth
        />
        <PasswordInput
          source="password"
          label="resources.partners.fields.password"
          autoComplete="new-password"
          validate={isCreate ? validatePassword : validateOptionalPassword}
          helperText={isCreate ? false : 'app.partners.password_keep'}
          fullWidth
        />
      </Box>
      <Typography variant="overline" color="text.secondary" component="p" sx={{ mt: 1 }}>
        {translate('app.partners.roles_and_status')}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3 }}>
        {PARTNER_FLAGS.map((flag) => (
          <BooleanInput
            key={flag}
            source={flag}
            label={`resources.partners.fields.${flag}`}
            helperText={false}
          />
        ))}
      </Box>
    </>
  );
};
