import CloseIcon from '@mui/icons-material/Close';
import { DialogTitle, IconButton, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';

/** A dialog's title with an optional line below it and the close button in the corner. */
export const ClosableDialogTitle = ({
  id,
  title,
  subtitle,
  onClose,
}: {
  id: string;
  title: ReactNode;
  subtitle?: ReactNode;
  onClose: () => void;
}) => {
  const translate = useTranslate();
  return (
    <DialogTitle id={id} sx={{ pr: 7 }}>
      {title}
      {subtitle && (
        <Typography variant="body2" color="text.secondary" component="div">
          {subtitle}
        </Typography>
      )}
      <IconButton
        aria-label={translate('ra.action.close')}
        onClick={onClose}
        sx={{ position: 'absolute', right: 12, top: 12 }}
      >
        <CloseIcon />
      </IconButton>
    </DialogTitle>
  );
};
