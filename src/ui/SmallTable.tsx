import {
  type SxProps,
  Table,
  TableBody,
  TableContainer,
  TableHead,
  TableRow,
  type Theme,
} from '@mui/material';
import type { ReactNode } from 'react';

/**
 * The console's small tables: one header row (`head`, its cells) above the rows (`children`). By default the
 * table scrolls sideways inside its container when it is wider than the page; `inline` leaves the container out.
 */
export const SmallTable = ({
  label,
  head,
  headSx,
  sx,
  containerSx,
  inline = false,
  children,
}: {
  label?: string;
  head: ReactNode;
  headSx?: SxProps<Theme>;
  sx?: SxProps<Theme>;
  containerSx?: SxProps<Theme>;
  inline?: boolean;
  children: ReactNode;
}) => {
  const table = (
    <Table size="small" aria-label={label} sx={sx}>
      <TableHead>
        <TableRow sx={headSx}>{head}</TableRow>
      </TableHead>
      <TableBody>{children}</TableBody>
    </Table>
  );
  return inline ? table : <TableContainer sx={containerSx}>{table}</TableContainer>;
};
