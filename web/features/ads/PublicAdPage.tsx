// /annonces/:id — where a clicked ad leads (the server's tracked link redirects here): the ad's
// title, subtitle, description and media, read from GET /api/ads/{id}/public while the ad runs;
// once it has ended (or for an unknown id), the ad is said unavailable.
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Megaphone } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { fr } from '#contract/messages';
import type { AdPublic } from '#contract/ads-banner';
import { api, ApiError } from '../../lib/api';
import { useSession } from '../../lib/session';
import { AD_GRADIENT_CLASSES } from '../../ui/ad-gradients';
import { buttonClasses } from '../../ui/Button';
import { Card, EmptyState } from '../../ui/Card';
import { PageLoader } from '../../ui/Spinner';

const t = fr.adsUi;

/** The running ad, or null when there is none to show (ended, unknown). */
async function loadAd(id: string): Promise<AdPublic | null> {
  try {
    return await api.get<AdPublic>(`/ads/${id}/public`, { auth: false });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

export function PublicAdPage() {
  const { id = '' } = useParams();
  const { user } = useSession();
  const { data: ad, isPending } = useQuery({ queryKey: ['ads', 'public', id], queryFn: () => loadAd(id), retry: false });
  const home = user ? '/dashboard' : '/login';

  if (isPending) return <PageLoader />;
  return (
    <div className="mx-auto max-w-2xl px-4 py-8">
      {!ad ? (
        <EmptyState
          heading="h1"
          icon={<Megaphone size={24} />}
          title={t.publicLoadError}
          action={
            <Link to={home} className={buttonClasses({ variant: 'secondary' })}>
              {t.backHome}
            </Link>
          }
        />
      ) : (
        <Card className="overflow-hidden">
          <div className={`relative bg-gradient-to-r ${AD_GRADIENT_CLASSES[ad.gradient]}`}>
            {ad.type !== 'text' && ad.media_url ? (
              ad.type === 'video' || ad.media_mime?.startsWith('video/') ? (
                <video src={ad.media_url} className="max-h-[60vh] w-full object-contain" controls muted autoPlay loop playsInline />
              ) : (
                <img src={ad.media_url} alt={ad.title} className="max-h-[60vh] w-full object-contain" />
              )
            ) : (
              <div className="h-32" aria-hidden="true" />
            )}
          </div>
          <article className="space-y-2 p-5">
            <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">{fr.banner.sponsored}</p>
            <h1 className="text-2xl font-bold text-slate-900">{ad.title}</h1>
            <p className="text-lg text-slate-700">{ad.subtitle}</p>
            {ad.description && <p className="whitespace-pre-line text-slate-600">{ad.description}</p>}
            <Link to={home} className="inline-flex items-center gap-1.5 pt-3 text-sm font-medium text-brand-700 hover:underline">
              <ArrowLeft size={16} aria-hidden="true" />
              {t.backHome}
            </Link>
          </article>
        </Card>
      )}
    </div>
  );
}
