import { Box, Typography } from '@mui/material';
import { format, isValid, parseISO } from 'date-fns';
import { useLayoutEffect, useRef } from 'react';
import type { LogLine } from './logLines';

/** Pixels from the bottom within which the view keeps following new lines. */
const FOLLOW_SLACK = 24;

/** The server's time of a stored line, shown on hover (lines that came live have none). */
const time = (at: string | null | undefined) => {
  const date = at ? parseISO(at) : undefined;
  return date && isValid(date) ? format(date, 'HH:mm:ss') : '';
};

/** A log as a terminal-like list, numbered, that follows new lines while scrolled to the bottom. */
export const LogLines = ({ lines, label }: { lines: readonly LogLine[]; label: string }) => {
  const ref = useRef<HTMLDivElement>(null);
  const following = useRef(true);

  // biome-ignore lint/correctness/useExhaustiveDependencies: new lines are the trigger of the scroll
  useLayoutEffect(() => {
    const box = ref.current;
    if (box && following.current) box.scrollTop = box.scrollHeight;
  }, [lines]);

  return (
    <Box
      ref={ref}
      role="log"
      aria-label={label}
      aria-live="polite"
      tabIndex={0}
      onScroll={(event) => {
        const box = event.currentTarget;
        following.current = box.scrollHeight - box.scrollTop - box.clientHeight <= FOLLOW_SLACK;
      }}
      sx={{
        height: { xs: '55vh', md: '28rem' },
        overflow: 'auto',
        borderRadius: 2,
        bgcolor: '#0d1117',
        color: '#d1d9e0',
        fontFamily: '"JetBrains Mono", "SFMono-Regular", Menlo, Consolas, monospace',
        fontSize: '0.8125rem',
        lineHeight: 1.6,
        py: 1,
      }}
    >
      {lines.map((line, index) => (
        <Box
          key={line.seq}
          data-seq={line.seq}
          title={time(line.at) || undefined}
          sx={{ display: 'flex', gap: 1.5, px: 1.5, '&:hover': { bgcolor: 'rgba(255,255,255,0.04)' } }}
        >
          <Typography
            component="span"
            aria-hidden
            sx={{
              font: 'inherit',
              color: '#6e7781',
              minWidth: '3.5ch',
              textAlign: 'right',
              userSelect: 'none',
            }}
          >
            {index + 1}
          </Typography>
          <Typography
            component="span"
            sx={{ font: 'inherit', whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
          >
            {line.line}
          </Typography>
        </Box>
      ))}
    </Box>
  );
};
