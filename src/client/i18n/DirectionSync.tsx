import { useEffect } from 'react';
import { useDirection } from '@mantine/core';
import { useLangDirection } from './useLang';

/**
 * Keeps Mantine's DirectionProvider on the language's direction. Mount it once inside
 * <DirectionProvider>; activateLang already sets <html dir>, this covers providers created
 * with detectDirection off and the first render before the attribute observer fires.
 */
export function DirectionSync(): null {
  const dir = useLangDirection();
  const { dir: mantineDir, setDirection } = useDirection();
  useEffect(() => {
    if (mantineDir !== dir) setDirection(dir);
  }, [dir, mantineDir, setDirection]);
  return null;
}
