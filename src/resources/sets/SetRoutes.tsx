import { Route, Routes } from 'react-router-dom';
import { lazyPage } from '../../boot/lazyPage';
import { SetPage } from './SetPage';

const BuildFormPage = lazyPage(() => import('./buildForm/BuildFormPage').then((m) => m.BuildFormPage));

/** /firmwares/:id/* — a set's page, and its build form at /firmwares/:id/build. */
export const SetRoutes = () => (
  <Routes>
    <Route index element={<SetPage />} />
    <Route path="build" element={<BuildFormPage />} />
  </Routes>
);
