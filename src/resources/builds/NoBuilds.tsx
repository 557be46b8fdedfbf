import BuildCircleOutlinedIcon from '@mui/icons-material/BuildCircleOutlined';
import MemoryOutlinedIcon from '@mui/icons-material/MemoryOutlined';
import { Button, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { EmptyCard } from '../../ui/EmptyCard';

/** A set without builds: what to do next. */
export const NoBuilds = ({ buildPath }: { buildPath: string }) => {
  const translate = useTranslate();
  return (
    <EmptyCard icon={MemoryOutlinedIcon} title={translate('resources.firmwares.no_builds')}>
      <Typography sx={{ maxWidth: '30rem' }}>{translate('resources.firmwares.no_builds_hint')}</Typography>
      <Button component={Link} to={buildPath} variant="contained" startIcon={<BuildCircleOutlinedIcon />}>
        {translate('app.build_form.actions.build')}
      </Button>
    </EmptyCard>
  );
};
