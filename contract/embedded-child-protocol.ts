// The messages between the console and its embedded build agent's child process (agent/embedded-child.ts,
// server/agents/agent-child.ts), over the IPC channel node opens between them.

/** The console's to the child. */
export type ToChild =
  /** First message: what the agent needs. The token comes this way, never by argv or a variable. */
  | {
      type: 'start';
      server: string;
      token: string;
      workDir: string;
      buildCommand?: string;
      buildEnv: string[];
    }
  /** Stop claiming; the build under way finishes unless `abortBuild`. */
  | { type: 'stop'; abortBuild: boolean };

/** The child's to the console. */
export type FromChild =
  | { type: 'log'; level: 'info' | 'warn' | 'error'; message: string }
  /** Answer to a stop with `abortBuild`: the build it abandons, for the console to give back to the queue. */
  | { type: 'abandoned'; id: number | undefined }
  /** The agent's loop has ended: the child exits next. */
  | { type: 'stopped' };
