// The embedded build agent's process (issue 36): the console (server/agents/agent-child.ts) starts this file,
// bundled (scripts/agent-bundle.mjs), under Node's permission model, reading only its own code and work dir.
// Everything it needs comes in the first IPC message; it talks to the console over HTTP with its worker token
// like any agent, and over the IPC channel only to log and to be told to stop.

import type { FromChild, ToChild } from '../contract/embedded-child-protocol';
import { Agent } from './agent';
import { commandBuilder } from './builders/command-builder';

function send(message: FromChild, then?: () => void): void {
  process.send?.(message, undefined, {}, () => then?.());
}

/** Tells the console the agent has stopped, then exits. */
function stopped(): void {
  send({ type: 'stopped' }, () => process.exit(0));
}

let agent: Agent | undefined;

// The console decides when this process stops (it lets a build finish first): a Ctrl-C in a terminal reaches
// the whole process group, this one too, and must not cut the build short.
process.on('SIGINT', () => {});
process.on('SIGTERM', () => {});
// The console is gone (it exited, crashed or was killed): no orphan; the build's lease brings it back.
process.on('disconnect', () => process.exit(1));

async function begin(message: Extract<ToChild, { type: 'start' }>): Promise<void> {
  agent = new Agent({
    server: message.server,
    token: message.token,
    workDir: message.workDir,
    builder: message.buildCommand
      ? commandBuilder(message.buildCommand, { env: message.buildEnv })
      : undefined,
    logger: {
      info: (m) => send({ type: 'log', level: 'info', message: m }),
      warn: (m) => send({ type: 'log', level: 'warn', message: m }),
      error: (m) => send({ type: 'log', level: 'error', message: m }),
    },
  });
  await agent.run();
}

let started = false;
process.on('message', (message: ToChild) => {
  if (message.type === 'start' && !started) {
    started = true;
    begin(message).then(stopped, (error: unknown) => {
      send({ type: 'log', level: 'error', message: `embedded agent stopped: ${String(error)}` }, () =>
        process.exit(1),
      );
    });
  } else if (message.type === 'stop') {
    if (!agent) return stopped();
    if (message.abortBuild) send({ type: 'abandoned', id: agent.current?.id });
    void agent.stop({ abortBuild: message.abortBuild });
  }
});
