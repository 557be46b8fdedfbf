import { lazyPage } from '../../boot/lazyPage';

/**
 * The set form as a chunk of its own, fetched at its first opening (issue 14): its logo and name inputs share
 * the build form's code, which the sets list does not otherwise need before it can draw.
 */
export const LazySetFormDialog = lazyPage(() => import('./SetFormDialog').then((m) => m.SetFormDialog), null);
