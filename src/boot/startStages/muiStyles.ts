// A stage of the signed-in start (issue 14, boot/consoleChunks.ts): evaluating this module evaluates MUI's
// styling core (emotion, the system, MUI's default theme), in a task of its own before the routed pages'.
export { styled } from '@mui/material/styles';
