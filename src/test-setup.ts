import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy…/waitFor give up after 5 s rather than 1 s: on a loaded 2-core machine a first render with its
// language pack can take longer than a second (AuditList's Russian test did), which is no defect of the page.
configure({ asyncUtilTimeout: 5_000 });

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => cleanup());
