import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import KeyboardArrowUpIcon from '@mui/icons-material/KeyboardArrowUp';
import SearchIcon from '@mui/icons-material/Search';
import VerticalAlignBottomIcon from '@mui/icons-material/VerticalAlignBottom';
import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  IconButton,
  InputAdornment,
  LinearProgress,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { readToken } from '../../authProvider/session';
import { errorMessages, useShowError } from '../../dataProvider/showError';
import { ClosableDialogTitle } from '../../ui/ClosableDialogTitle';
import { HintTooltip } from '../../ui/HintTooltip';
import { downloadLog } from './buildLogApi';
import { LogLines, type LogScrollRequest } from './LogLines';
import { type BuildLog, useBuildLog } from './useBuildLog';
import { type LogSearch, useLogSearch } from './useLogSearch';

export interface BuildLogDialogProps {
  /** The build's (firmware's) id: the log path's id and the socket's fw_id. */
  buildId: number;
  open: boolean;
  onClose: () => void;
  /** What the log is of, e.g. "set · model"; shown under the title. */
  subtitle?: ReactNode;
}

const LiveChip = ({ live }: { live: boolean }) => {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={live ? 'success' : 'default'}
      icon={
        <Box
          component="span"
          sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: live ? 'success.main' : 'text.disabled' }}
        />
      }
      label={translate(live ? 'app.build_log.live' : 'app.build_log.polling')}
      sx={{ '& .MuiChip-icon': { ml: 1 } }}
    />
  );
};

/** The search box, how many matches and the buttons that go from one to the next. */
const SearchBar = ({ search }: { search: LogSearch }) => {
  const translate = useTranslate();
  const { query, matches, current, more, pending } = search;
  let status = '';
  if (query && !pending && matches.length === 0) status = translate('app.build_log.no_matches');
  else if (query && matches.length > 0)
    status = translate('app.build_log.match_of', {
      position: matches.length - current,
      count: `${matches.length}${more ? '+' : ''}`,
    });
  return (
    <Stack direction="row" alignItems="center" spacing={0.5} sx={{ mb: 1 }}>
      <TextField
        size="small"
        value={search.text}
        onChange={(event) => search.setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          event.preventDefault();
          if (event.shiftKey) search.next();
          else search.previous();
        }}
        placeholder={translate('app.build_log.search')}
        slotProps={{
          htmlInput: { 'aria-label': translate('app.build_log.search'), maxLength: 200 },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
        sx={{ flex: 1, maxWidth: 360 }}
      />
      <Typography
        variant="body2"
        color="text.secondary"
        role="status"
        sx={{ minWidth: '7rem', px: 1, fontVariantNumeric: 'tabular-nums' }}
      >
        {pending ? translate('app.build_log.searching') : status}
      </Typography>
      <HintTooltip title={translate('app.build_log.previous_match')}>
        <span>
          <IconButton
            size="small"
            aria-label={translate('app.build_log.previous_match')}
            disabled={matches.length === 0 || (current <= 0 && !more) || pending}
            onClick={search.previous}
          >
            <KeyboardArrowUpIcon />
          </IconButton>
        </span>
      </HintTooltip>
      <HintTooltip title={translate('app.build_log.next_match')}>
        <span>
          <IconButton
            size="small"
            aria-label={translate('app.build_log.next_match')}
            disabled={matches.length === 0 || current >= matches.length - 1}
            onClick={search.next}
          >
            <KeyboardArrowDownIcon />
          </IconButton>
        </span>
      </HintTooltip>
    </Stack>
  );
};

/** The current search match: read the lines around it (when not held) and scroll there. */
function useFollowMatch(log: BuildLog, search: LogSearch) {
  const [scrollTo, setScrollTo] = useState<LogScrollRequest>();
  const seq = search.matches[search.current]?.seq;
  const { reveal } = log;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `reveal` is made anew each render; the match is the trigger
  useEffect(() => {
    if (seq === undefined) return;
    let active = true;
    void reveal(seq).then(() => {
      if (active) setScrollTo({ seq });
    });
    return () => {
      active = false;
    };
  }, [seq]);
  return { scrollTo, setScrollTo, currentSeq: seq };
}

/**
 * A build's log (spec §2 'view logs', §4 Live socket; issue 14): opens on its newest lines, reads older ones as
 * the user scrolls up, renders only the lines in view, follows new lines while scrolled to the bottom, searches
 * every line of the log on the server and jumps to the matches, and downloads the whole log as text. Reusable by
 * any list that shows builds: `<BuildLogDialog buildId={build.id} open={open} onClose={close} subtitle={name} />`.
 */
export const BuildLogDialog = ({ buildId, open, onClose, subtitle }: BuildLogDialogProps) => {
  const translate = useTranslate();
  const showError = useShowError();
  const log = useBuildLog(buildId, open);
  const search = useLogSearch(log.path, open);
  const { scrollTo, setScrollTo, currentSeq } = useFollowMatch(log, search);
  const [following, setFollowing] = useState(true);
  const [downloading, setDownloading] = useState(false);
  const title = translate('app.build_log.title');
  const progress = Math.round(log.progress);

  const download = async () => {
    setDownloading(true);
    try {
      await downloadLog(log.path, readToken(), `build-${buildId}.log`);
    } catch (error) {
      showError(error);
    } finally {
      setDownloading(false);
    }
  };

  let body: ReactNode;
  if (log.error && log.lines.length === 0) {
    body = (
      <Stack alignItems="center" spacing={1.5} sx={{ py: 6 }} role="alert">
        <Typography color="error">{errorMessages(log.error, translate).join(' ')}</Typography>
        <Button onClick={log.reload}>{translate('ra.action.refresh')}</Button>
      </Stack>
    );
  } else if (log.lines.length === 0) {
    body = (
      <Stack alignItems="center" justifyContent="center" sx={{ height: '12rem', color: 'text.secondary' }}>
        {log.isPending ? <LinearProgress sx={{ width: '40%' }} /> : translate('app.build_log.empty')}
      </Stack>
    );
  } else {
    body = (
      <LogLines
        lines={log.lines}
        label={title}
        hasOlder={log.hasOlder}
        atEnd={log.atEnd}
        loading={log.loading}
        onOlder={log.loadOlder}
        onNewer={log.loadNewer}
        highlight={search.query || undefined}
        currentSeq={currentSeq}
        scrollTo={scrollTo}
        onFollowingChange={setFollowing}
      />
    );
  }

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md" aria-labelledby="build-log-title">
      <ClosableDialogTitle id="build-log-title" title={title} subtitle={subtitle} onClose={onClose} />
      <DialogContent>
        <Stack direction="row" alignItems="center" spacing={2} sx={{ mb: 1.5 }}>
          <LinearProgress
            variant="determinate"
            value={progress}
            aria-label={translate('resources.tasks.fields.progress')}
            sx={{ flex: 1, height: 8, borderRadius: 4 }}
          />
          <Typography
            variant="body2"
            sx={{ fontWeight: 600, minWidth: '3.5ch', fontVariantNumeric: 'tabular-nums' }}
          >
            {progress}%
          </Typography>
          <LiveChip live={log.isLive} />
        </Stack>
        <SearchBar search={search} />
        {body}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button
          startIcon={<FileDownloadOutlinedIcon />}
          disabled={log.lines.length === 0 || downloading}
          onClick={download}
        >
          {translate('app.build_log.download')}
        </Button>
        {!(following && log.atEnd) && log.lines.length > 0 && (
          <Button
            startIcon={<VerticalAlignBottomIcon />}
            onClick={async () => {
              await log.toEnd();
              setScrollTo({ end: true });
            }}
          >
            {translate('app.build_log.latest')}
          </Button>
        )}
        <Box sx={{ flex: 1 }} />
        <Button variant="contained" onClick={onClose}>
          {translate('ra.action.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
