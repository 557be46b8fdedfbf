import { Typography, type TypographyProps } from '@mui/material';
import type { ElementType } from 'react';
import { useTranslate } from 'react-admin';

/** A section's title (i18n key) with an optional line of explanation under it. */
export const TitleWithHint = ({
  title,
  hint,
  titleProps,
}: {
  title: string;
  hint?: string;
  titleProps: TypographyProps & { component: ElementType };
}) => {
  const translate = useTranslate();
  return (
    <>
      <Typography {...titleProps}>{translate(title)}</Typography>
      {hint && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25 }}>
          {translate(hint)}
        </Typography>
      )}
    </>
  );
};
