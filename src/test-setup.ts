import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy…/waitFor give up after 15 s rather than 1 s: on a loaded 2-core machine a first render with its
// language pack took longer than a second (AuditList's Russian test), and ReleaseList's first render longer
// than 5 s beside other work (issue 40: green under a CPU hog), which is no defect of the page. A test only
// waits that long for what never comes.
configure({ asyncUtilTimeout: 15_000 });

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => cleanup());
