import BuildCircleOutlinedIcon from '@mui/icons-material/BuildCircleOutlined';
import MemoryOutlinedIcon from '@mui/icons-material/MemoryOutlined';
import { Button, Card, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';

/** A set without builds: what to do next. */
export const NoBuilds = ({ buildPath }: { buildPath: string }) => {
  const translate = useTranslate();
  return (
    <Card>
      <Stack
        alignItems="center"
        spacing={1.5}
        sx={{ py: 7, px: 2, textAlign: 'center', color: 'text.secondary' }}
      >
        <MemoryOutlinedIcon sx={{ fontSize: '3rem', opacity: 0.5 }} />
        <Typography variant="h6" component="p" color="text.primary">
          {translate('resources.firmwares.no_builds')}
        </Typography>
        <Typography sx={{ maxWidth: '30rem' }}>{translate('resources.firmwares.no_builds_hint')}</Typography>
        <Button component={Link} to={buildPath} variant="contained" startIcon={<BuildCircleOutlinedIcon />}>
          {translate('app.build_form.actions.build')}
        </Button>
      </Stack>
    </Card>
  );
};
