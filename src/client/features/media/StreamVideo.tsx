import { useEffect, useRef } from 'react';

/** A `<video>` showing a stream, for calls and the conference; the local preview is muted and mirrored. */
export function StreamVideo({ stream, local, testId }: { stream: MediaStream; local?: boolean; testId: string }) {
  const ref = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.srcObject = stream;
    void el.play().catch(() => undefined);
  }, [stream]);
  return (
    <video
      ref={ref}
      data-testid={testId}
      autoPlay
      playsInline
      muted={local}
      style={{
        width: '100%',
        height: '100%',
        objectFit: local ? 'cover' : 'contain',
        transform: local ? 'scaleX(-1)' : undefined,
      }}
    />
  );
}
