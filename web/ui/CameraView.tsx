// The live camera of a dialog: the video while it runs, a spinner while it opens, and the spec's
// denial message with a retry when it cannot open. `overlay` is drawn over the running video.
import { Camera, RotateCcw } from 'lucide-react';
import type { ReactNode, RefObject } from 'react';
import { fr } from '#contract/messages';
import type { CameraState } from '../lib/camera';
import { Button } from './Button';
import { Spinner } from './Spinner';

type CameraViewProps = {
  video: RefObject<HTMLVideoElement | null>;
  state: CameraState;
  onRetry: () => void;
  overlay?: ReactNode;
};

export function CameraView({ video, state, onRetry, overlay }: CameraViewProps) {
  if (state === 'denied') {
    return (
      <div className="flex flex-col items-center gap-3 rounded-2xl border border-rose-200 bg-rose-50 px-4 py-6 text-center" data-testid="camera-denied">
        <Camera size={28} className="text-rose-700" aria-hidden="true" />
        <p className="text-sm font-medium text-rose-800" role="alert">
          {fr.recognition.camera}
        </p>
        <Button variant="outline" size="sm" icon={<RotateCcw size={16} />} onClick={onRetry}>
          {fr.common.retry}
        </Button>
      </div>
    );
  }
  return (
    <div className="relative aspect-video w-full overflow-hidden rounded-2xl bg-slate-900">
      {state === 'on' ? (
        <>
          <video ref={video} playsInline muted aria-label={fr.scannerUi.cameraView} className="size-full object-cover" />
          {overlay}
        </>
      ) : (
        <div className="flex size-full flex-col items-center justify-center gap-2 text-sm text-slate-200" role="status">
          <Spinner size={24} />
          {fr.scannerUi.cameraStarting}
        </div>
      )}
    </div>
  );
}
