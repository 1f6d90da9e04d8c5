import { fileUrl } from '../tools/tools.queries';
import type { Row } from '../resources/resources.queries';

/** An ad's video, playable in place; its poster shows until it is played, so the list loads no video. */
export function AdVideo({ row, width = 200 }: { row: Row; width?: number }) {
  if (!row.video) return null;
  return (
    <video
      controls
      preload="none"
      poster={row.poster ? fileUrl(String(row.poster)) : undefined}
      src={fileUrl(String(row.video))}
      style={{ width, maxHeight: (width * 3) / 4, background: '#000' }}
      data-testid="ad-video"
    />
  );
}

/** Seconds as m:ss. */
export const secondsText = (v: unknown) => {
  const s = Math.max(0, Math.round(Number(v) || 0));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};
