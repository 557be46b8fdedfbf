import { Box, LinearProgress } from '@mui/material';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, type ReactNode, useEffect, useLayoutEffect, useRef } from 'react';
import { useLocaleState } from 'react-admin';
import { formatDate } from '../../i18n/dates';
import type { LogLine } from './logLines';

/** Pixels from either end within which the next page is read. */
const PAGE_SLACK = 600;
/** A line's height before it is measured (one line of text at the list's font). */
const LINE_HEIGHT = 21;

/** The server's time of a stored line, shown on hover (lines that came live have none). */
const time = (at: string | null | undefined, locale?: string) => formatDate(at, 'time', locale);

/** The line with every occurrence of `needle` (any case) marked. */
function marked(line: string, needle: string | undefined): ReactNode {
  if (!needle) return line;
  const lower = line.toLowerCase();
  const find = needle.toLowerCase();
  const parts: ReactNode[] = [];
  let from = 0;
  for (let at = lower.indexOf(find); at !== -1; at = lower.indexOf(find, from)) {
    parts.push(line.slice(from, at), <mark key={at}>{line.slice(at, at + find.length)}</mark>);
    from = at + find.length;
  }
  return parts.length === 0 ? line : [...parts, line.slice(from)];
}

const Row = memo(({ line, needle, current }: { line: LogLine; needle?: string; current: boolean }) => (
  <Box
    component="span"
    sx={{
      display: 'block',
      whiteSpace: 'pre-wrap',
      wordBreak: 'break-word',
      bgcolor: current ? 'rgba(255, 212, 59, 0.18)' : undefined,
      '& mark': { bgcolor: '#e3b341', color: '#0d1117', borderRadius: '2px' },
    }}
  >
    {marked(line.line, needle)}
  </Box>
));

/** Where the list is asked to go: a line (centred) or the end; a new object asks again. */
export type LogScrollRequest = { seq: number } | { end: true };

export interface LogLinesProps {
  lines: readonly LogLine[];
  label: string;
  /** Older lines can be read: scrolling near the top asks for them. */
  hasOlder: boolean;
  /** The lines reach the newest one; otherwise scrolling near the bottom asks for newer ones. */
  atEnd: boolean;
  loading: boolean;
  onOlder: () => void;
  onNewer: () => void;
  /** Marked wherever it occurs (the search). */
  highlight?: string;
  /** The line shown as the current search match. */
  currentSeq?: number;
  scrollTo?: LogScrollRequest;
  /** Whether the view is at the bottom (following new lines), told on every scroll. */
  onFollowingChange?: (following: boolean) => void;
}

/**
 * A log as a terminal-like list that renders only the lines in view (@tanstack/react-virtual): opens at the
 * end, follows new lines while scrolled to the bottom, keeps the line being read in place when older lines are
 * put above it, and asks for older (newer) lines when scrolled near the top (bottom).
 */
export const LogLines = ({
  lines,
  label,
  hasOlder,
  atEnd,
  loading,
  onOlder,
  onNewer,
  highlight,
  currentSeq,
  scrollTo,
  onFollowingChange,
}: LogLinesProps) => {
  const ref = useRef<HTMLDivElement>(null);
  const [locale] = useLocaleState();
  const virtualizer = useVirtualizer({
    count: lines.length,
    getScrollElement: () => ref.current,
    estimateSize: () => LINE_HEIGHT,
    getItemKey: (index) => lines[index].seq,
    overscan: 12,
    // The box's height (28rem) until it is measured: the first render already draws the lines in view.
    initialRect: { width: 0, height: 448 },
    paddingStart: 8,
    paddingEnd: 8,
    // A log is read from its end: lines put above keep the view where it is, lines put below are followed
    // while the view is at the bottom.
    anchorTo: 'end',
    followOnAppend: true,
    scrollEndThreshold: 4,
  });

  // Opens at the end.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the list first shows
  useLayoutEffect(() => {
    virtualizer.scrollToEnd();
  }, []);

  const handled = useRef<LogScrollRequest | undefined>(undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a request waits for its line to arrive in `lines`
  useEffect(() => {
    if (!scrollTo || handled.current === scrollTo) return;
    if ('end' in scrollTo) {
      if (!atEnd) return;
      handled.current = scrollTo;
      virtualizer.scrollToEnd();
      return;
    }
    const index = lines.findIndex((line) => line.seq === scrollTo.seq);
    if (index === -1) return;
    handled.current = scrollTo;
    virtualizer.scrollToIndex(index, { align: 'center' });
  }, [scrollTo, lines, atEnd]);

  const onScroll = () => {
    const box = ref.current;
    if (!box) return;
    const fromBottom = box.scrollHeight - box.scrollTop - box.clientHeight;
    onFollowingChange?.(atEnd && fromBottom <= 4);
    if (loading) return;
    if (hasOlder && box.scrollTop < PAGE_SLACK) onOlder();
    else if (!atEnd && fromBottom < PAGE_SLACK) onNewer();
  };

  return (
    <Box sx={{ position: 'relative' }}>
      {loading && (
        <LinearProgress
          sx={{ position: 'absolute', top: 0, left: 0, right: 0, zIndex: 1, borderRadius: 2 }}
        />
      )}
      <Box
        ref={ref}
        role="log"
        aria-label={label}
        tabIndex={0}
        onScroll={onScroll}
        sx={{
          height: { xs: '55vh', md: '28rem' },
          overflow: 'auto',
          overflowAnchor: 'none',
          borderRadius: 2,
          bgcolor: '#0d1117',
          color: '#d1d9e0',
          fontFamily: '"JetBrains Mono", "SFMono-Regular", Menlo, Consolas, monospace',
          fontSize: '0.8125rem',
          lineHeight: `${LINE_HEIGHT}px`,
        }}
      >
        <Box sx={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const line = lines[item.index];
            return (
              <Box
                key={item.key}
                data-index={item.index}
                data-seq={line.seq}
                ref={virtualizer.measureElement}
                title={time(line.at, locale) || undefined}
                sx={{
                  position: 'absolute',
                  top: 0,
                  left: 0,
                  width: '100%',
                  transform: `translateY(${item.start}px)`,
                  px: 1.5,
                  '&:hover': { bgcolor: 'rgba(255,255,255,0.04)' },
                }}
              >
                <Row line={line} needle={highlight} current={line.seq === currentSeq} />
              </Box>
            );
          })}
        </Box>
      </Box>
    </Box>
  );
};
