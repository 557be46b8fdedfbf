import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import { Box, Button, FormHelperText, Stack, Typography } from '@mui/material';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { LOGO_TYPES } from '../../../contract/constants';
import { LogoPreview, type LogoTheme } from './LogoPreview';

/** Picks one image for one theme and previews it on that theme's background. */
export const LogoFilePicker = ({
  theme,
  file,
  disabled,
  error,
  onChange,
}: {
  theme: LogoTheme;
  file?: File;
  disabled?: boolean;
  /** Why the image picked or sent for this theme was refused, naming the file (issue 37). */
  error?: string;
  onChange: (file?: File) => void;
}) => {
  const translate = useTranslate();
  const id = useId();
  const errorId = `${id}-error`;
  const input = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string>();
  const label = translate(`app.logos.${theme}_logo`);

  useEffect(() => {
    if (!file) return setPreview(undefined);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  return (
    <Stack spacing={1} sx={{ flex: 1, minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary" component="label" htmlFor={id}>
        {label}
      </Typography>
      <LogoPreview src={preview} theme={theme} alt={label} />
      <Stack direction="row" spacing={1} alignItems="center" sx={{ minWidth: 0, position: 'relative' }}>
        {/* The file input sits beside the button (not inside it: no nested controls); the button opens it. */}
        <Button
          size="small"
          variant="text"
          disabled={disabled}
          startIcon={<UploadFileOutlinedIcon />}
          onClick={() => input.current?.click()}
        >
          {translate(file ? 'app.logos.replace' : 'app.logos.choose')}
        </Button>
        <Box
          component="input"
          ref={input}
          id={id}
          type="file"
          tabIndex={-1}
          aria-label={label}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? errorId : undefined}
          accept={LOGO_TYPES.join(',')}
          disabled={disabled}
          onChange={(event: React.ChangeEvent<HTMLInputElement>) => {
            onChange(event.target.files?.[0]);
            event.target.value = '';
          }}
          sx={{
            position: 'absolute',
            width: 1,
            height: 1,
            opacity: 0,
            overflow: 'hidden',
          }}
        />
        {file && (
          <Typography variant="caption" color="text.secondary" noWrap title={file.name}>
            {file.name}
          </Typography>
        )}
      </Stack>
      {error && (
        <FormHelperText id={errorId} error role="alert" sx={{ mx: 0, overflowWrap: 'anywhere' }}>
          {error}
        </FormHelperText>
      )}
    </Stack>
  );
};
