import { useEffect, type ReactNode } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useLiveStatus } from '../../live/liveStore';
import { useLiveConnection } from '../../live/useLiveConnection';
import { useSession } from '../../lib/session';
import { RealtimeLayer } from './RealtimeLayer';
import { useVoiceSocket } from './useVoiceSocket';

/** Mounted once inside the authenticated layout: the live connection, the voice socket and the shell's dialogs. */
export function RealtimeShell({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const config = useLiveConnection();
  useVoiceSocket(config, useSession().token);
  const status = useLiveStatus();
  // Exposed on <html data-live> for support staff in devtools and for the end-to-end tests.
  useEffect(() => {
    document.documentElement.dataset.live = status;
    return () => void delete document.documentElement.dataset.live;
  }, [status]);
  return <RealtimeLayer onNavigate={(href) => void navigate({ href })}>{children}</RealtimeLayer>;
}
