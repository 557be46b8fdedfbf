import NewReleasesOutlinedIcon from '@mui/icons-material/NewReleasesOutlined';
import { Button, Card, Skeleton, TableCell, TableRow, type Theme, useMediaQuery } from '@mui/material';
import { type ReactNode, useEffect, useMemo } from 'react';
import { useTranslate } from 'react-admin';
import { useAccount } from '../../authProvider/useAccount';
import { useDeferredPageValue } from '../../boot/firstPageDrawn';
import { errorMessages, useShowError } from '../../dataProvider/showError';
import { EmptyState } from '../../ui/EmptyCard';
import { SmallTable } from '../../ui/SmallTable';
import { HIDDEN_WHEN_NARROW, ReleaseRow } from './ReleaseRow';
import { hasNewerVersion, lastPrereleaseIds } from './releaseRules';
import type { Release } from './types';
import { ALL_SERIES, useReleases, useViewer } from './useReleases';

// A fixed layout keeps long descriptions from widening the page; the description takes what is left.
const COLUMNS = [
  { name: 'version', width: '14rem' },
  { name: 'stage', width: '9rem' },
  // Below 1200 px the description is hidden: the series then takes what is left, so the rows span the card.
  { name: 'series', width: { xs: 'auto', xl: '5rem' } },
  { name: 'description', width: 'auto' },
  { name: 'created_at', width: '9rem' },
] as const;
/** The columns that step aside below xl (HIDDEN_WHEN_NARROW). */
const NARROW_HIDDEN: readonly string[] = ['description', 'created_at'];

const Message = ({ text, action }: { text: string; action?: ReactNode }) => (
  <EmptyState icon={NewReleasesOutlinedIcon} title={text} titleVariant="body1" padding={{ py: 8, px: 3 }}>
    {action}
  </EmptyState>
);

const LoadingRows = ({ columns }: { columns: number }) =>
  Array.from({ length: 5 }, (_, row) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have nothing else to key on
    <TableRow key={row} aria-hidden>
      {Array.from({ length: columns }, (_, cell) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder cells
        <TableCell key={cell}>
          <Skeleton variant="text" width={cell === 3 ? '80%' : '60%'} />
        </TableCell>
      ))}
    </TableRow>
  ));

/** /releases: the releases the viewer may see, newest first, filtered by the top panel's series. */
export const ReleaseList = () => {
  const translate = useTranslate();
  const { canWrite, isAdmin, showRemoved } = useViewer();
  const { account } = useAccount();
  // The rows render as a deferred value: when the list arrives, React draws them in slices of a few
  // milliseconds in the background rather than in one long task (issue 14).
  const { all, shown, selected, setSelected, isPending, error, refetch } = useDeferredPageValue(
    useReleases(),
  );
  const showError = useShowError();
  useEffect(() => {
    if (error) showError(error);
  }, [error, showError]);
  const lastPrereleases = useMemo(
    () => (showRemoved ? lastPrereleaseIds(all) : new Set<number>()),
    [all, showRemoved],
  );
  const byId = useMemo(() => new Map(all.map((r) => [r.id, r])), [all]);
  // The columns drawn: a row's details span exactly these. Spanning the hidden ones too made empty columns at
  // the table's end, and its header stopped short of the card below xl.
  const wide = useMediaQuery((theme: Theme) => theme.breakpoints.up('xl'));
  const columns = COLUMNS.length - (wide ? 0 : NARROW_HIDDEN.length) + (canWrite ? 2 : 1);
  // A developer changes only its own releases; the server refuses the others.
  const canChange = (release: Release) => isAdmin || (canWrite && release.user_id === account?.id);

  let body: ReactNode;
  if (error) {
    body = (
      <Message
        text={errorMessages(error, translate).join(' ')}
        action={<Button onClick={() => refetch()}>{translate('ra.action.refresh')}</Button>}
      />
    );
  } else if (!isPending && shown.length === 0) {
    body = (
      <Message
        text={translate(
          selected === ALL_SERIES ? 'resources.releases.empty' : 'resources.releases.empty_series',
          {
            series: selected,
          },
        )}
        action={
          selected !== ALL_SERIES && all.length > 0 ? (
            <Button onClick={() => setSelected(ALL_SERIES)}>
              {translate('resources.releases.show_all')}
            </Button>
          ) : undefined
        }
      />
    );
  }

  return (
    // inline-size containment: a wide table scrolls inside the card instead of widening the page.
    <Card sx={{ mt: 2, mb: 2, contain: 'inline-size' }}>
      {body ?? (
        <SmallTable
          label={translate('resources.releases.name', { smart_count: 2 })}
          sx={{ tableLayout: 'fixed', minWidth: { xl: '52rem' } }}
          headSx={{
            '& th': {
              color: 'text.secondary',
              fontWeight: 600,
              fontSize: '0.75rem',
              textTransform: 'uppercase',
              letterSpacing: '0.04em',
              bgcolor: 'action.hover',
              whiteSpace: 'nowrap',
            },
          }}
          head={
            <>
              <TableCell padding="checkbox" sx={{ width: '3rem' }} />
              {COLUMNS.map(({ name, width }) => (
                <TableCell
                  key={name}
                  sx={{
                    width,
                    ...(NARROW_HIDDEN.includes(name) ? HIDDEN_WHEN_NARROW : {}),
                  }}
                >
                  {translate(`resources.releases.fields.${name}`)}
                </TableCell>
              ))}
              {canWrite && (
                <TableCell align="right" sx={{ width: '8rem' }}>
                  {translate('resources.releases.fields.actions')}
                </TableCell>
              )}
            </>
          }
        >
          {isPending ? (
            <LoadingRows columns={columns} />
          ) : (
            shown.map((release) => (
              <ReleaseRow
                key={release.id}
                release={release}
                parent={release.parent === null ? undefined : byId.get(release.parent)}
                newer={!release.is_removed && hasNewerVersion(release, all)}
                lastPrerelease={lastPrereleases.has(release.id)}
                actionsColumn={canWrite}
                canChange={canChange(release)}
                isAdmin={isAdmin}
                columns={columns}
              />
            ))
          )}
        </SmallTable>
      )}
    </Card>
  );
};
