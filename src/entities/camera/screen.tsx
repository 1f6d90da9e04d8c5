import type { EntityScreens, RouteScreenProps, ScreenEntry } from '../../client/features/screens/types';
import { lazyScreen } from '../../client/lib/chunks';
import cameraDef from './resource';

/** The monitoring wall (monitor/MonitorWall.tsx), opened with the grid its route starts from. */
const wallScreen = (route: string, layout: 1 | 4 | 6, compact = false): ScreenEntry => ({
  resource: cameraDef,
  component: lazyScreen(() =>
    import('../../client/features/monitor/MonitorWall').then(({ MonitorWall }) => (props: RouteScreenProps) => (
      <MonitorWall route={route} defaultLayout={layout} compact={compact} {...props} />
    )),
  ),
});

/** Live cameras: the wall, a single live view, and the campus dashboard's video panels. */
const screens: EntityScreens = {
  monitor: wallScreen('monitor', 4),
  jzvideo: wallScreen('jzvideo', 6),
  videoMonitoring: wallScreen('videoMonitoring', 4),
  monitoringVideo: wallScreen('monitoringVideo', 6),
  vedio: wallScreen('vedio', 1),
  index4video: wallScreen('index4video', 4, true),
  index4video_baba: wallScreen('index4video_baba', 4, true),
};

export default screens;
