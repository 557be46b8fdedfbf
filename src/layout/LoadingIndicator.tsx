import RefreshIcon from '@mui/icons-material/Refresh';
import { CircularProgress, IconButton, styled } from '@mui/material';
import { useLoading, useRefresh, useTranslate } from 'react-admin';
import { HintTooltip } from '../ui/HintTooltip';

/** react-admin's loading indicator's look, under its class names (RaLoadingIndicator-…). */
const Root = styled('div', { name: 'RaLoadingIndicator', slot: 'Root' })({
  position: 'relative',
  '& .RaLoadingIndicator-loadedIcon.RaLoadingIndicator-loadedLoading': { opacity: 0 },
  '& .RaLoadingIndicator-loader': { position: 'absolute', top: '30%', left: '30%' },
});

/**
 * The header's refresh button, with a spinner in its place while anything loads: react-admin's LoadingIndicator,
 * with its hint as a HintTooltip. react-admin's wraps the button in MUI's Tooltip, which sets its state as it
 * mounts: one more synchronous render of the header inside the task that commits it (issue 14).
 */
export const LoadingIndicator = () => {
  const loading = useLoading();
  const refresh = useRefresh();
  const translate = useTranslate();
  return (
    <Root>
      <HintTooltip title={translate('ra.action.refresh')}>
        <IconButton
          color="inherit"
          className={`RaLoadingIndicator-loadedIcon${loading ? ' RaLoadingIndicator-loadedLoading' : ''}`}
          onClick={(event) => {
            event.preventDefault();
            refresh();
          }}
        >
          <RefreshIcon />
        </IconButton>
      </HintTooltip>
      {loading && (
        <CircularProgress
          // react-admin's has no name: axe's aria-progressbar-name, whenever a check caught it (issue 40).
          aria-label={translate('app.header.loading')}
          className="app-loader RaLoadingIndicator-loader"
          color="inherit"
          size="1rem"
          thickness={6}
        />
      )}
    </Root>
  );
};
