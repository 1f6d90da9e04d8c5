import { saveFile } from '../../lib/download';

/**
 * A PNG of what an element shows (html-to-image, loaded on demand: it is only needed on a click).
 * ECharts canvases are copied as they are drawn; the background follows the page's.
 */
export async function savePng(el: HTMLElement, name: string): Promise<void> {
  const { toPng } = await import('html-to-image');
  const background = getComputedStyle(document.body).backgroundColor || '#ffffff';
  const url = await toPng(el, { backgroundColor: background, pixelRatio: 2, cacheBust: true });
  saveFile(url, name);
}
