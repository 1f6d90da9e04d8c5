import { useEffect } from 'react';
import { Slider as MantineSlider, type SliderProps as MantineSliderProps } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useLingui } from '@lingui/react/macro';
import { TOAST_MS } from '../../../shared/constants';

interface SliderProps extends MantineSliderProps {
  /**
   * The value key the slider drives (used as its field name and default thumb label). Required
   * by docs/requirements/widgets.md#slider: without it the slider shows the '滚动条缺少mc值' toast and renders nothing.
   * Typed optional because registry-driven callers pass it from data.
   */
  mc?: string;
}

// One shared id, so several broken sliders on a screen (or a StrictMode double effect) toast once.
const MISSING_MC_TOAST = 'slider-missing-mc';

/**
 * Mantine Slider (min/max/step/marks and the rest pass through) guarded by the `mc` rule of
 * docs/requirements/widgets.md#slider.
 */
export function Slider({ mc, name, thumbLabel, ...props }: SliderProps) {
  const { t } = useLingui();
  const missing = !mc;

  useEffect(() => {
    if (missing)
      notifications.show({ id: MISSING_MC_TOAST, color: 'red', message: t`滚动条缺少mc值`, autoClose: TOAST_MS });
  }, [missing, t]);

  if (missing) return null;
  return <MantineSlider name={name ?? mc} thumbLabel={thumbLabel ?? mc} data-mc={mc} {...props} />;
}
