import type { ReactNode } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useLiveConnection } from '../../live/useLiveConnection';
import { useSession } from '../../lib/session';
import { RealtimeLayer } from './RealtimeLayer';
import { useVoiceSocket } from './useVoiceSocket';

/** Mounted once inside the authenticated layout: the live connection, the voice socket and the shell's dialogs. */
export function RealtimeShell({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const config = useLiveConnection();
  useVoiceSocket(config, useSession().token);
  return <RealtimeLayer onNavigate={(href) => void navigate({ href })}>{children}</RealtimeLayer>;
}
