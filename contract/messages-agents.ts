// Agent applications and what agents see of customers (/admin agent queue, agent space) — part of the one French catalogue (`fr.agentVetting`).
export const agentVetting = {} as const;
