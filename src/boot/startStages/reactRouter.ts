// A stage of the signed-in start (issue 14, boot/consoleChunks.ts): evaluating this module evaluates
// react-router, in a task of its own before the routed pages'.
export { BrowserRouter } from 'react-router-dom';
