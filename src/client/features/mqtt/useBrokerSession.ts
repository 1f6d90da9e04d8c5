import { useEffect, useReducer, useState, useSyncExternalStore } from 'react';
import { BrokerSession, type PageConnect } from './brokerSession';
import { emptyLog, logReducer } from './messageLog';
import { lazyConnect } from './loadMqtt';

/** The page's connection and its message log; the connection ends when the page does. */
export function useBrokerSession(connect: PageConnect = lazyConnect) {
  const [log, dispatch] = useReducer(logReducer, emptyLog);
  const [session] = useState(
    () => new BrokerSession({ connect, onMessages: (entries) => dispatch({ type: 'add', entries }) }),
  );
  const snapshot = useSyncExternalStore(session.subscribe, session.getSnapshot, session.getSnapshot);
  useEffect(() => () => session.dispose(), [session]);
  return { session, snapshot, log, dispatch };
}
