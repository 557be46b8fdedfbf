import CreateNewFolderOutlinedIcon from '@mui/icons-material/CreateNewFolderOutlined';
import { Box, Card, Typography } from '@mui/material';
import { useEffect, useRef } from 'react';
import { ListBase, Offline, Pagination, useListContext, useTranslate } from 'react-admin';
import { useDeferredPageValue } from '../../boot/firstPageDrawn';
import { useShowError } from '../../dataProvider/showError';
import { useShowRemoved } from '../../layout/usePreferences';
import { EmptyCard } from '../../ui/EmptyCard';
import { NewSetButton } from './NewSetButton';
import { SetRow } from './SetRow';
import { setsListSpec, useSetsTotal } from './setsListState';
import type { BuildSet } from './types';
import { useSetActionHandler } from './useSetActionHandler';

/** Hands the list's total to the top panel's 'my sets' badge. */
const PublishTotal = () => {
  const { total } = useListContext();
  const [, setTotal] = useSetsTotal();
  useEffect(() => {
    if (total !== undefined) setTotal(total);
  }, [total, setTotal]);
  return null;
};

/**
 * Another page of sets starts at the top of the window. The list keeps its page in the store, not in the URL, so
 * react-admin's scroll to the top on a new page (a navigation) does not happen: below a long page, the next one
 * would show as an empty window.
 */
const ScrollToTopOnNewPage = () => {
  const { page } = useListContext();
  const shown = useRef(page);
  useEffect(() => {
    if (shown.current === page) return;
    shown.current = page;
    window.scrollTo({ top: 0 });
  }, [page]);
  return null;
};

const EmptyState = ({ filtered }: { filtered: boolean }) => {
  const translate = useTranslate();
  return (
    <EmptyCard
      icon={CreateNewFolderOutlinedIcon}
      title={translate(filtered ? 'resources.firmwares.empty_filtered' : 'resources.firmwares.empty')}
      sx={{ mt: 1, width: '100%' }}
    >
      {!filtered && (
        <>
          <Typography sx={{ maxWidth: '28rem' }}>{translate('resources.firmwares.empty_hint')}</Typography>
          <NewSetButton />
        </>
      )}
    </EmptyCard>
  );
};

const SetRows = () => {
  // Deferred: when a page of sets arrives, React draws its rows in slices of a few milliseconds in the
  // background rather than in one long task (issue 14).
  const { data, isPending, isPaused, isPlaceholderData, filterValues } = useDeferredPageValue(
    useListContext<BuildSet>(),
  );
  const { onAction, toggleFavorite, copyLink, dialogs } = useSetActionHandler();
  // The browser is offline and the page has nothing to show: react-admin's own notice, as its <List> shows.
  if (isPaused && (isPending || isPlaceholderData)) return <Offline />;
  if (isPending) return null;
  if (!data?.length)
    return <EmptyState filtered={Object.keys(filterValues ?? {}).some((k) => k !== 'is_removed')} />;
  return (
    <Card sx={{ width: '100%' }}>
      <Box role="list" aria-label="sets">
        {data.map((set) => (
          <Box role="listitem" key={set.id}>
            <SetRow set={set} onAction={onAction} onFavorite={toggleFavorite} onCopyLink={copyLink} />
          </Box>
        ))}
      </Box>
      {dialogs}
    </Card>
  );
};

/**
 * /firmwares: my sets, 20 a page from the server, filtered by the top panel's search and favourites toggle.
 * react-admin's headless `<ListBase>`, not its `<List>` (issue 14): the page has no toolbar, filter form, export
 * or empty page of react-admin's, and `<List>` brought them along (with react-hook-form) before the page could
 * draw; the header draws the title.
 */
export const SetList = () => {
  const showError = useShowError();
  const [showRemoved] = useShowRemoved();
  const spec = setsListSpec(showRemoved);
  return (
    <ListBase<BuildSet>
      resource={spec.resource}
      storeKey={spec.storeKey}
      disableSyncWithLocation
      perPage={spec.perPage}
      filter={spec.filter}
      queryOptions={{ onError: showError }}
    >
      <Box sx={{ mt: 1, display: 'flex', flexDirection: 'column' }}>
        <PublishTotal />
        <ScrollToTopOnNewPage />
        <SetRows />
        <Pagination rowsPerPageOptions={[]} />
      </Box>
    </ListBase>
  );
};
