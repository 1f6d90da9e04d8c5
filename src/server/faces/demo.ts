/**
 * The demo faces shipped in public/faces (see the README there): the pictures and what the seed
 * makes of them. Their embeddings are computed once and stored in demo-faces.json, so seeding
 * never loads the face models (`npm start` stays as fast as before); a test checks that the
 * engine still computes the same ones. Regenerate with `npx tsx src/server/faces/demo.ts`.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

interface DemoFace {
  /** Served as /faces/<file>. */
  file: string;
  labels: string;
}

/** The demo library's samples. */
export const DEMO_SAMPLES: readonly DemoFace[] = [
  { file: 'demo-collins-1.jpg', labels: 'Eileen Collins,1栋1单元101' },
  { file: 'demo-cameraman.jpg', labels: '摄影师,访客' },
];

/** Residents' faces awaiting review: one that passes processing, one with no face in it. */
export const DEMO_REVIEWS: readonly (DemoFace & { residentName: string; room: string })[] = [
  {
    file: 'demo-collins-2.jpg',
    labels: 'Eileen Collins,1栋1单元101',
    residentName: 'Eileen Collins',
    room: '1栋1单元101',
  },
  { file: 'demo-no-face.jpg', labels: '王芳,1栋1单元102', residentName: '王芳', room: '1栋1单元102' },
];

interface DemoEmbedding {
  file: string;
  quality: number;
  embedding: number[];
}

const JSON_FILE = new URL('./demo-faces.json', import.meta.url);

export async function demoEmbeddings(): Promise<DemoEmbedding[]> {
  return JSON.parse(await readFile(JSON_FILE, 'utf8')) as DemoEmbedding[];
}

/** Writes demo-faces.json from the pictures (the face engine runs). */
async function generate(): Promise<void> {
  const { analyseFace } = await import('./process');
  const out: DemoEmbedding[] = [];
  for (const { file } of DEMO_SAMPLES) {
    const face = await analyseFace(await readFile(new URL(`../../../public/faces/${file}`, import.meta.url)), 0);
    out.push({ file, quality: face.quality, embedding: face.embedding.map((v) => Math.round(v * 1e5) / 1e5) });
  }
  await writeFile(JSON_FILE, `${JSON.stringify(out)}\n`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await generate();
