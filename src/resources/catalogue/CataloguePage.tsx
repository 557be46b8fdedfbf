import { Box, Card, Tab, Tabs } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { KindTable } from './KindTable';
import { KINDS, type KindName } from './kinds';
import { SeriesRepositories } from './SeriesRepositories';

const HINTS: Partial<Record<KindName, string>> = {
  series: 'catalogue.hint.series',
  combinations: 'catalogue.hint.combinations',
  repositories: 'catalogue.hint.repositories',
};

/**
 * The catalogue from the console (admins, issue 17): one tab per kind of what the build form offers, and the
 * release sources with the repositories of each series.
 */
export const CataloguePage = () => {
  const translate = useTranslate();
  const [tab, setTab] = useState<KindName>('series');
  const kind = KINDS.find((k) => k.name === tab) ?? KINDS[0];
  const hint = HINTS[kind.name];
  return (
    <Card sx={{ mt: 1, p: { xs: 1, sm: 2 } }}>
      <Tabs
        value={tab}
        onChange={(_, value: KindName) => setTab(value)}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        aria-label={translate('catalogue.menu')}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {KINDS.map((k) => (
          <Tab key={k.name} value={k.name} label={translate(`catalogue.tabs.${k.name}`)} />
        ))}
      </Tabs>
      <Box role="tabpanel" aria-label={translate(`catalogue.tabs.${kind.name}`)}>
        <KindTable key={kind.name} kind={kind} hint={hint ? translate(hint) : undefined} />
        {kind.name === 'repositories' && <SeriesRepositories />}
      </Box>
    </Card>
  );
};
