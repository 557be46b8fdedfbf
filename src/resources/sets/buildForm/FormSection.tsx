import { Box, Card, CardContent, Stack } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { TitleWithHint } from '../../../ui/TitleWithHint';

/** One titled card of the build form. */
export const FormSection = ({
  title,
  hint,
  action,
  children,
}: {
  title: string;
  hint?: string;
  action?: ReactNode;
  children: ReactNode;
}) => {
  const translate = useTranslate();
  return (
    <Card component="section" aria-label={translate(title)}>
      <CardContent sx={{ p: { xs: 2, md: 3 }, '&:last-child': { pb: { xs: 2, md: 3 } } }}>
        {/* The action moves under the title when both do not fit on one line. */}
        <Stack direction="row" alignItems="flex-start" flexWrap="wrap" useFlexGap spacing={2} sx={{ mb: 2 }}>
          <Box sx={{ flex: '1 1 14rem', minWidth: 0 }}>
            <TitleWithHint
              title={title}
              hint={hint}
              titleProps={{ variant: 'h6', component: 'h2', sx: { fontSize: '1.05rem', fontWeight: 600 } }}
            />
          </Box>
          {action}
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
};
