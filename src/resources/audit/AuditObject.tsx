import { Link as MuiLink, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { AuditEntry } from './types';

/** Where the console shows an object of this type, when it has a page. */
export function objectPath(type: string, id: string): string | undefined {
  if (type === 'partner' || type === 'account') return `/partners/${encodeURIComponent(id)}/show`;
  if (type === 'release') return `/releases/${encodeURIComponent(id)}`;
  if (type === 'agent') return '/agents';
  return undefined;
}

/** The changed object: its kind, translated, and its id; a link to its page where there is one. */
export const AuditObject = ({ entry }: { entry: AuditEntry }) => {
  const translate = useTranslate();
  const kind = translate(`audit.object.${entry.object_type}`, { _: entry.object_type });
  const path = objectPath(entry.object_type, entry.object_id);
  const label = `${kind} #${entry.object_id}`;
  if (!path) {
    return (
      <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
        {label}
      </Typography>
    );
  }
  return (
    <MuiLink component={Link} to={path} variant="body2" sx={{ whiteSpace: 'nowrap' }}>
      {label}
    </MuiLink>
  );
};
