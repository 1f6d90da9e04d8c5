import { useLingui } from '@lingui/react/macro';
import { useInflight } from '../lib/loading';
import classes from './LoadingBar.module.css';

/** Thin top progress bar while any request is in flight. */
export function LoadingBar() {
  const { t } = useLingui();
  const inflight = useInflight();
  if (inflight === 0) return null;
  return <div className={classes.bar} role="progressbar" aria-label={t`加载中`} data-testid="loading-bar" />;
}
