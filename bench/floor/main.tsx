// The floor of bench/browser.ts: what React and MUI alone cost a page like the console's release list — an app
// bar, a permanent menu and a table of twelve rows with a chip each, drawn from data in the page (no request, no
// router, no react-admin). No console on this stack can block the main thread less than this; measured with the
// same server, headers and Lighthouse runs as the console and the bare react-admin app.
import {
  AppBar,
  Box,
  Chip,
  CssBaseline,
  createTheme,
  Drawer,
  List,
  ListItemButton,
  ListItemText,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  ThemeProvider,
  Toolbar,
  Typography,
} from '@mui/material';
import { createRoot } from 'react-dom/client';

const rows = Array.from({ length: 12 }, (_, i) => ({
  id: i,
  version: `2.${i}.0`,
  stage: i % 3 ? 'stable' : 'beta',
  series: ['x19', 'x21', 'l7', 'l9'][i % 4],
  date: `2026-08-${String(10 + i).padStart(2, '0')}`,
}));
const menu = ['Firmwares', 'Releases', 'Tasks', 'Links', 'Catalogue', 'Partners', 'Agents', 'Settings'];
const theme = createTheme();

const Page = () => (
  <ThemeProvider theme={theme}>
    <CssBaseline />
    <AppBar position="fixed" sx={{ zIndex: (t) => t.zIndex.drawer + 1 }}>
      <Toolbar>
        <Typography variant="h6">Releases</Typography>
      </Toolbar>
    </AppBar>
    <Box sx={{ display: 'flex' }}>
      <Drawer variant="permanent" sx={{ width: 200, '& .MuiDrawer-paper': { width: 200 } }}>
        <Toolbar />
        <List>
          {menu.map((name) => (
            <ListItemButton key={name} selected={name === 'Releases'}>
              <ListItemText primary={name} />
            </ListItemButton>
          ))}
        </List>
      </Drawer>
      <Box component="main" sx={{ flexGrow: 1, p: 2 }}>
        <Toolbar />
        <Table size="small">
          <TableHead>
            <TableRow>
              {['Version', 'Stage', 'Series', 'Date'].map((h) => (
                <TableCell key={h}>{h}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={r.id} hover>
                <TableCell>{r.version}</TableCell>
                <TableCell>
                  <Chip size="small" label={r.stage} color={r.stage === 'beta' ? 'warning' : 'success'} />
                </TableCell>
                <TableCell>{r.series}</TableCell>
                <TableCell>{r.date}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Box>
  </ThemeProvider>
);

const root = document.getElementById('root');
if (root) createRoot(root).render(<Page />);
