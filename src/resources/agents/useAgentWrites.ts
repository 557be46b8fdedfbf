import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useDataProvider } from 'react-admin';
import type { Agent } from './types';

/** Reloads the agents (GET /admin/workers) wherever they are shown: /agents, /components. */
export function useReloadAgents(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: ['agents'] }), [queryClient]);
}

/**
 * The agent writes (spec §7: POST, PUT, DELETE /admin/workers). They go through the dataProvider, not react-admin's
 * mutation hooks, so a token in an answer never lands in the query cache: it is shown once, then forgotten.
 */
export function useAgentWrites() {
  const dataProvider = useDataProvider();
  const reload = useReloadAgents();
  return useMemo(() => {
    const update = async (
      agent: Agent,
      data: Partial<Pick<Agent, 'name' | 'is_blocked'>> | { token: true },
    ) => {
      const { data: answer } = await dataProvider.update<Agent>('agents', {
        id: agent.id,
        data,
        previousData: agent,
      });
      await reload();
      return answer;
    };
    return {
      /** Answers the new agent with its token. */
      async create(name: string): Promise<Agent> {
        const { data } = await dataProvider.create<Agent>('agents', { data: { name } });
        await reload();
        return data;
      },
      rename: (agent: Agent, name: string) => update(agent, { name }),
      setBlocked: (agent: Agent, is_blocked: boolean) => update(agent, { is_blocked }),
      /** Answers the agent with its new token; the old one stops working. */
      regenerateToken: (agent: Agent) => update(agent, { token: true }),
      async remove(agent: Agent): Promise<void> {
        await dataProvider.delete('agents', { id: agent.id, previousData: agent });
        await reload();
      },
    };
  }, [dataProvider, reload]);
}
