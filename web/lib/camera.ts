// The rear camera in a <video>: started when a view needs it, stopped as soon as it does not (a
// camera left on drains a phone), and captured to JPEG through a canvas. Any failure (permission
// refused, no camera, camera busy) is the 'denied' state: the views offer a retry and an upload.
import { useCallback, useEffect, useRef, useState } from 'react';

export type CameraState = 'off' | 'starting' | 'on' | 'denied';

/** The spec's preferred camera: rear, 1280×720. */
export const REAR_CAMERA: MediaStreamConstraints = {
  video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
  audio: false,
};
const JPEG_QUALITY = 0.9;

/** `active`: the view that shows the camera is on screen; the camera starts with it and stops without it. */
export function useCamera(active: boolean) {
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  // Each start gets a number: a stream that arrives after the view was closed (or restarted) is stopped at once.
  const generation = useRef(0);
  const [state, setState] = useState<CameraState>('off');

  const release = () => {
    stream.current?.getTracks().forEach((t) => t.stop());
    stream.current = null;
    if (video.current) video.current.srcObject = null;
  };

  const stop = useCallback(() => {
    generation.current += 1;
    release();
    setState('off');
  }, []);

  const start = useCallback(async () => {
    const mine = ++generation.current;
    release();
    setState('starting');
    try {
      if (!navigator.mediaDevices?.getUserMedia) throw new Error('no camera API');
      const media = await navigator.mediaDevices.getUserMedia(REAR_CAMERA);
      if (mine !== generation.current) {
        media.getTracks().forEach((t) => t.stop());
        return;
      }
      stream.current = media;
      setState('on');
    } catch {
      if (mine === generation.current) setState('denied');
    }
  }, []);

  // The <video> is rendered once the state is 'on': give it the stream then.
  useEffect(() => {
    const element = video.current;
    if (state !== 'on' || !element || !stream.current) return;
    element.srcObject = stream.current;
    void element.play().catch(() => {});
  }, [state]);

  useEffect(() => {
    if (active) void start();
    else stop();
    return () => {
      generation.current += 1;
      release();
    };
  }, [active, start, stop]);

  /** The current frame as a JPEG data URL, at the camera's own size. */
  const capture = (): string | null => {
    const v = video.current;
    if (!v || !v.videoWidth) return null;
    const canvas = document.createElement('canvas');
    canvas.width = v.videoWidth;
    canvas.height = v.videoHeight;
    canvas.getContext('2d')?.drawImage(v, 0, 0);
    return canvas.toDataURL('image/jpeg', JPEG_QUALITY);
  };

  return { video, state, start, stop, capture };
}
