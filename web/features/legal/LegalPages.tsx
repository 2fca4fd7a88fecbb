import { fr } from '#contract/messages';

function LegalPage({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <article className="mx-auto max-w-2xl space-y-4 px-4 py-10 text-slate-700">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      {children}
    </article>
  );
}

export function TermsPage() {
  return (
    <LegalPage title={fr.legal.termsTitle}>
      <p>MonPanier met en relation des consommateurs, des magasins et des livreurs au Gabon. Les prix affichés proviennent des magasins et des contributions de la communauté ; ils sont indicatifs et peuvent varier en magasin.</p>
      <p>En contribuant un prix, vous certifiez l'avoir constaté vous-même. Les contributions manifestement erronées sont retenues pour vérification et peuvent être supprimées.</p>
      <p>Les livraisons sont réalisées par des livreurs indépendants. Le paiement se fait par mobile money, carte ou en espèces à la livraison.</p>
    </LegalPage>
  );
}

export function PrivacyPage() {
  return (
    <LegalPage title={fr.legal.privacyTitle}>
      <p>Nous conservons votre nom, votre email, votre téléphone et votre pays pour gérer votre compte. Votre mot de passe est stocké sous forme chiffrée (argon2id) et ne peut pas être relu.</p>
      <p>Votre position n'est utilisée que lorsque vous l'autorisez : pour trouver les magasins proches, vérifier une contribution de prix ou organiser une livraison. Les photos envoyées sont réencodées et leurs métadonnées (dont la position GPS) sont supprimées.</p>
      <p>Pour une carte bancaire, seuls la marque, les quatre derniers chiffres, le titulaire et la date d'expiration sont conservés, jamais le numéro complet. Les coordonnées d'un client ne sont montrées qu'au livreur de sa commande.</p>
    </LegalPage>
  );
}
