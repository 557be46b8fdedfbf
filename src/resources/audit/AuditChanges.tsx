import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { changeLines } from './auditChanges';
import type { AuditEntry } from './types';

const Value = ({ text, was }: { text: string | null; was?: boolean }) => {
  const translate = useTranslate();
  return text === null ? (
    <Typography component="span" variant="body2" color="text.secondary">
      —
    </Typography>
  ) : (
    <Box
      component={was ? 'del' : 'ins'}
      sx={{
        px: 0.5,
        borderRadius: 0.5,
        textDecoration: 'none',
        wordBreak: 'break-word',
        bgcolor: was ? 'rgba(211, 47, 47, 0.10)' : 'rgba(46, 125, 50, 0.12)',
      }}
    >
      {text === 'true' || text === 'false' ? translate(`audit.value.${text}`) : text}
    </Box>
  );
};

/** A dotted field path with each known part translated: `x19.min_dev_fee` → "x19 · Min DevFee, %". */
const useFieldLabel = () => {
  const translate = useTranslate();
  return (path: string) =>
    path
      .split('.')
      .map((part) => translate(`audit.field.${part}`, { _: part }))
      .join(' · ');
};

/** What an audit row changed: one line per field, the value it had (struck) and the value it got. */
export const AuditChanges = ({ entry }: { entry: AuditEntry }) => {
  const translate = useTranslate();
  const fieldLabel = useFieldLabel();
  const lines = changeLines(entry.before, entry.after);
  if (lines.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('audit.no_details')}
      </Typography>
    );
  }
  return (
    <Box
      component="dl"
      aria-label={translate('audit.fields.changes')}
      sx={{
        m: 0,
        display: 'grid',
        // The label above its values: narrow columns (768 px, Russian labels) keep "2 → 1.75" on one line.
        rowGap: 0.25,
        fontSize: '0.8125rem',
        maxWidth: '32rem',
      }}
    >
      {lines.map((line) => (
        <Box key={line.field} sx={{ display: 'contents' }}>
          <Box
            component="dt"
            title={line.field}
            sx={{ color: 'text.secondary', overflowWrap: 'anywhere', fontSize: '0.75rem' }}
          >
            {fieldLabel(line.field)}
          </Box>
          <Box
            component="dd"
            sx={{ m: 0, mb: 0.5, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.5 }}
          >
            <Value text={line.before} was />
            <span aria-hidden>→</span>
            <Value text={line.after} />
          </Box>
        </Box>
      ))}
    </Box>
  );
};
