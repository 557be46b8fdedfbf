import { FormControlLabel, Switch, type SxProps } from '@mui/material';
import { useTranslate } from 'react-admin';

/** The admins' "Show removed" switch of a list's top bar (spec §6: the show-removed option is for admins). */
export const ShowRemovedSwitch = ({
  checked,
  onChange,
  sx,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  sx?: SxProps;
}) => {
  const translate = useTranslate();
  return (
    <FormControlLabel
      control={<Switch size="small" checked={checked} onChange={(e) => onChange(e.target.checked)} />}
      label={translate('resources.firmwares.show_removed')}
      sx={[
        { mr: 0, '& .MuiFormControlLabel-label': { fontSize: '0.875rem', whiteSpace: 'nowrap' } },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    />
  );
};
