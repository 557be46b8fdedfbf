import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { reportConnection } from './dataProvider/connectionStatus';

// findBy…/waitFor give up after 15 s rather than 1 s: on a loaded 2-core machine a first render with its
// language pack took longer than a second (AuditList's Russian test), and ReleaseList's first render longer
// than 5 s beside other work (issue 40: green under a CPU hog), which is no defect of the page. A test only
// waits that long for what never comes.
configure({ asyncUtilTimeout: 15_000 });

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => cleanup());

// The dom project's files share one module graph (issue 40): each test starts with the server reachable, as a
// fresh page does, whatever a test of an earlier file left (ShellSkeleton's banner test failed after one).
beforeEach(() => reportConnection(true));
