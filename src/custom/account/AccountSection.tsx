import { Box } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { TitleWithHint } from '../../ui/TitleWithHint';

/** A block of the general tab: a title, an optional line of explanation and its controls. */
export const AccountSection = ({
  title,
  hint,
  children,
}: {
  title: string;
  hint?: string;
  children: ReactNode;
}) => {
  const translate = useTranslate();
  return (
    <Box
      component="section"
      aria-label={translate(title)}
      sx={{ py: 2.5, '& + &': { borderTop: 1, borderColor: 'divider' } }}
    >
      <TitleWithHint
        title={title}
        hint={hint}
        titleProps={{ variant: 'subtitle1', component: 'h3', sx: { fontWeight: 600 } }}
      />
      <Box sx={{ mt: 1.5 }}>{children}</Box>
    </Box>
  );
};
