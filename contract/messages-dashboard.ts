// French messages of the dashboard (/dashboard) and its promo banner: sections of the catalogue (contract/messages-fr.ts).

export const dashboard = {
  title: 'Tableau de bord',
  greeting: (name: string) => `Bonjour, ${name}`,
  subtitle: 'Voici un résumé de votre activité sur MonPanier.',
  lists: 'Listes de courses',
  deliveries: 'Livraisons',
  contributions: 'Contributions',
  quickActions: 'Actions rapides',
  newList: 'Nouvelle liste de courses',
  browseProducts: 'Parcourir les produits',
  contribute: 'Contribuer aux prix',
  myDeliveries: 'Mes livraisons',
  recentLists: 'Mes listes récentes',
  seeAll: 'Tout voir',
  items: (n: number) => `${n} article${n > 1 ? 's' : ''}`,
  createdOn: (d: string) => `Créée le ${d}`,
  compare: 'Comparer les prix',
  emptyTitle: "Vous n'avez pas encore de liste",
  emptyText: 'Créez votre première liste de courses pour comparer les prix.',
  emptyAction: 'Créer ma première liste',
  tipTitle: 'Astuce du jour',
  tip: 'Activez la géolocalisation pour contribuer aux prix des magasins près de chez vous et aider la communauté à économiser.',
  loadError: 'Erreur lors du chargement du tableau de bord',
} as const;

export const promo = {
  label: 'Offres du moment',
  hide: 'Masquer les offres',
  show: 'Voir les offres du moment',
  goTo: (n: number) => `Aller à l'offre ${n}`,
} as const;
