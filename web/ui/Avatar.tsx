import { UserRound } from 'lucide-react';

/** A user's picture, or the default icon when there is none. */
export function Avatar({ url, name, size = 36 }: { url: string | null | undefined; name: string; size?: number }) {
  if (!url) {
    return (
      <span className="inline-flex items-center justify-center rounded-full bg-brand-100 text-brand-800" style={{ width: size, height: size }} role="img" aria-label={name}>
        <UserRound size={size * 0.6} />
      </span>
    );
  }
  return <img src={url} alt={name} width={size} height={size} className="rounded-full object-cover ring-2 ring-white" style={{ width: size, height: size }} />;
}
