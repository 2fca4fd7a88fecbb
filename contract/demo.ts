// The demonstration accounts created on first start (shown on the login pages and in the README).
export const DEMO_ACCOUNTS = {
  consumer: { email: 'demo@monpanier.ga', password: 'Demo2026!', full_name: 'Aïcha Mba' },
  agent: { email: 'agent@monpanier.ga', password: 'Agent2026!', full_name: 'Jean-Pierre Ndong' },
  moderator: { email: 'moderateur@monpanier.ga', password: 'Modo2026!', full_name: 'Clarisse Moussavou' },
} as const;
