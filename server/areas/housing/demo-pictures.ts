/**
 * Pictures for the demo listings: flat drawings of a living room, a bedroom, a kitchen, a bathroom, a
 * balcony, the floor plan and the estate, in two colour schemes, drawn as SVG and stored as JPEG in the
 * product's own file storage (content-addressed: every start stores the same files once). No text in
 * them, so they look the same wherever the fonts differ.
 */
import sharp from 'sharp';
import type { Db } from '../../db/db';
import { createDatabaseStorage, imageKinds } from '../../storage/files';

const width = 800;
const height = 600;

type Scheme = { wall: string; floor: string; accent: string; soft: string; wood: string };

const schemes: Scheme[] = [
  { wall: '#efe6da', floor: '#b88a5a', accent: '#5b7c99', soft: '#d9c7b0', wood: '#8a5a35' },
  { wall: '#e3ebe8', floor: '#a7a29a', accent: '#7a5c8e', soft: '#c9d6d1', wood: '#6d6256' },
];

const windowWithSky = (x: number, y: number, w: number, h: number) =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="#bfe0f5" stroke="#ffffff" stroke-width="10"/>` +
  `<line x1="${x + w / 2}" y1="${y}" x2="${x + w / 2}" y2="${y + h}" stroke="#ffffff" stroke-width="8"/>` +
  `<ellipse cx="${x + w * 0.3}" cy="${y + h * 0.35}" rx="${w * 0.12}" ry="${h * 0.07}" fill="#ffffff" opacity="0.8"/>`;

const room = (scheme: Scheme, furniture: string) =>
  `<rect width="${width}" height="${height}" fill="${scheme.wall}"/>` +
  `<polygon points="0,430 800,430 800,600 0,600" fill="${scheme.floor}"/>` +
  `<line x1="0" y1="430" x2="800" y2="430" stroke="#ffffff" stroke-width="6"/>` +
  furniture;

const drawings: { type: number; draw: (scheme: Scheme) => string }[] = [
  // 客厅: a window, a sofa, a rug, a lamp and a low table.
  {
    type: 1,
    draw: (s) =>
      room(
        s,
        windowWithSky(470, 90, 240, 220) +
          `<ellipse cx="330" cy="520" rx="260" ry="50" fill="${s.soft}"/>` +
          `<rect x="90" y="300" width="380" height="70" rx="18" fill="${s.accent}"/>` +
          `<rect x="70" y="350" width="420" height="90" rx="22" fill="${s.accent}"/>` +
          `<rect x="80" y="440" width="14" height="30" fill="${s.wood}"/><rect x="466" y="440" width="14" height="30" fill="${s.wood}"/>` +
          `<rect x="250" y="470" width="200" height="24" rx="6" fill="${s.wood}"/>` +
          `<line x1="640" y1="330" x2="640" y2="450" stroke="#555" stroke-width="6"/><polygon points="605,330 675,330 655,280 625,280" fill="#f3d48a"/>`,
      ),
  },
  // 卧室: a bed with pillows, a wardrobe, a window.
  {
    type: 1,
    draw: (s) =>
      room(
        s,
        windowWithSky(90, 100, 200, 200) +
          `<rect x="560" y="120" width="170" height="330" fill="${s.wood}"/><line x1="645" y1="120" x2="645" y2="450" stroke="${s.wall}" stroke-width="4"/>` +
          `<rect x="230" y="330" width="300" height="60" rx="10" fill="${s.wood}"/>` +
          `<rect x="210" y="380" width="340" height="120" rx="14" fill="#ffffff"/>` +
          `<rect x="210" y="420" width="340" height="80" rx="14" fill="${s.accent}"/>` +
          `<rect x="250" y="350" width="110" height="45" rx="16" fill="${s.soft}"/><rect x="400" y="350" width="110" height="45" rx="16" fill="${s.soft}"/>`,
      ),
  },
  // 厨房: tiled wall, cabinets above and below, a window over the counter.
  {
    type: 1,
    draw: (s) =>
      room(
        s,
        `<pattern id="tile" width="40" height="40" patternUnits="userSpaceOnUse"><rect width="40" height="40" fill="#ffffff"/><rect width="38" height="38" fill="${s.soft}"/></pattern>` +
          `<rect x="0" y="200" width="800" height="130" fill="url(#tile)"/>` +
          windowWithSky(300, 210, 200, 110) +
          `<rect x="0" y="60" width="800" height="140" fill="${s.wood}"/>` +
          Array.from(
            { length: 5 },
            (_, i) =>
              `<line x1="${160 * (i + 1)}" y1="60" x2="${160 * (i + 1)}" y2="200" stroke="${s.wall}" stroke-width="4"/>`,
          ).join('') +
          `<rect x="0" y="330" width="800" height="24" fill="#d8d8d8"/><rect x="0" y="354" width="800" height="110" fill="${s.accent}"/>` +
          Array.from(
            { length: 5 },
            (_, i) =>
              `<line x1="${160 * (i + 1)}" y1="354" x2="${160 * (i + 1)}" y2="464" stroke="${s.wall}" stroke-width="4"/>`,
          ).join(''),
      ),
  },
  // 卫生间: tiles, a mirror, a basin and a shower screen.
  {
    type: 1,
    draw: (s) =>
      `<pattern id="bath" width="50" height="50" patternUnits="userSpaceOnUse"><rect width="50" height="50" fill="#ffffff"/><rect width="48" height="48" fill="${s.soft}"/></pattern>` +
      `<rect width="${width}" height="${height}" fill="url(#bath)"/>` +
      `<rect x="120" y="90" width="220" height="170" rx="12" fill="#dbeef7" stroke="#ffffff" stroke-width="8"/>` +
      `<rect x="100" y="300" width="260" height="50" rx="10" fill="#ffffff"/><rect x="110" y="350" width="240" height="150" fill="${s.wood}"/>` +
      `<rect x="480" y="60" width="260" height="480" fill="#cfe8f3" opacity="0.6" stroke="#ffffff" stroke-width="6"/>` +
      `<circle cx="610" cy="120" r="30" fill="#bbbbbb"/>`,
  },
  // 阳台: railing, sky, plants.
  {
    type: 1,
    draw: (s) =>
      `<rect width="${width}" height="${height}" fill="#bfe0f5"/>` +
      `<rect x="0" y="360" width="800" height="240" fill="${s.floor}"/>` +
      `<rect x="60" y="180" width="140" height="180" fill="#9fb7c7"/><rect x="240" y="120" width="120" height="240" fill="#8fa8ba"/><rect x="620" y="150" width="130" height="210" fill="#9fb7c7"/>` +
      Array.from(
        { length: 17 },
        (_, i) => `<rect x="${i * 50}" y="300" width="8" height="160" fill="#ffffff"/>`,
      ).join('') +
      `<rect x="0" y="292" width="800" height="14" fill="#ffffff"/>` +
      `<rect x="470" y="470" width="80" height="70" fill="${s.wood}"/><circle cx="510" cy="440" r="55" fill="#5f9e5a"/>` +
      `<rect x="600" y="490" width="60" height="50" fill="${s.wood}"/><circle cx="630" cy="465" r="38" fill="#77b36e"/>`,
  },
  // 户型图: the walls of a three-room flat, doors as arcs.
  {
    type: 2,
    draw: (s) =>
      `<rect width="${width}" height="${height}" fill="#ffffff"/>` +
      `<rect x="80" y="60" width="640" height="480" fill="${s.soft}" opacity="0.35"/>` +
      `<g fill="none" stroke="#444" stroke-width="12"><rect x="80" y="60" width="640" height="480"/>` +
      `<line x1="340" y1="60" x2="340" y2="300"/><line x1="80" y1="300" x2="470" y2="300"/><line x1="560" y1="60" x2="560" y2="300"/>` +
      `<line x1="470" y1="300" x2="470" y2="540"/><line x1="610" y1="300" x2="720" y2="300"/></g>` +
      `<g fill="none" stroke="${s.accent}" stroke-width="4"><path d="M 200 300 A 60 60 0 0 1 260 240"/><path d="M 400 300 A 60 60 0 0 0 340 240"/><path d="M 560 240 A 50 50 0 0 1 610 300"/></g>` +
      `<rect x="120" y="110" width="150" height="110" fill="${s.accent}" opacity="0.25"/><rect x="380" y="100" width="140" height="100" fill="${s.accent}" opacity="0.25"/>` +
      `<rect x="140" y="380" width="220" height="90" rx="14" fill="${s.wood}" opacity="0.3"/>`,
  },
  // 小区图: towers with rows of windows, trees, a lawn.
  {
    type: 3,
    draw: (s) =>
      `<rect width="${width}" height="${height}" fill="#cfe6f5"/>` +
      [
        [70, 140, 170, 360],
        [300, 80, 200, 420],
        [560, 160, 170, 340],
      ]
        .map(
          ([x, y, w, h]) =>
            `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${s.wall}" stroke="${s.wood}" stroke-width="4"/>` +
            Array.from({ length: Math.floor((h! - 40) / 40) }, (_, row) =>
              Array.from(
                { length: 3 },
                (_, col) =>
                  `<rect x="${x! + 20 + col * ((w! - 40) / 3)}" y="${y! + 20 + row * 40}" width="${(w! - 40) / 3 - 12}" height="22" fill="${s.accent}" opacity="0.7"/>`,
              ).join(''),
            ).join(''),
        )
        .join('') +
      `<rect x="0" y="500" width="800" height="100" fill="#8cc07f"/>` +
      [60, 250, 520, 740]
        .map(
          (x) =>
            `<rect x="${x - 8}" y="470" width="16" height="60" fill="#7a5534"/><circle cx="${x}" cy="450" r="45" fill="#4f8f4a"/>`,
        )
        .join(''),
  },
];

export type DemoPicture = { type: number; url: string };

/** One colour scheme's pictures: the indoor views, the floor plan, the estate. */
export type DemoPictureSet = { indoor: DemoPicture[]; plan: DemoPicture; estate: DemoPicture };

/** Draws the demo pictures and stores them, one set per colour scheme. */
export async function storeDemoPictures(db: Db): Promise<DemoPictureSet[]> {
  const storage = createDatabaseStorage(db);
  const sets: DemoPictureSet[] = [];
  for (const scheme of schemes) {
    const stored: DemoPicture[] = [];
    for (const drawing of drawings) {
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${drawing.draw(scheme)}</svg>`;
      const jpeg = await sharp(Buffer.from(svg)).jpeg({ quality: 80 }).toBuffer();
      const file = await storage.save(jpeg, 'demo.jpg', imageKinds);
      stored.push({ type: drawing.type, url: file.url });
    }
    sets.push({
      indoor: stored.filter((picture) => picture.type === 1),
      plan: stored.find((picture) => picture.type === 2)!,
      estate: stored.find((picture) => picture.type === 3)!,
    });
  }
  return sets;
}

/**
 * The pictures of the demo listing at `index`: about three in four listings have some, two to four
 * indoor views first (the first is the list's cover), then the floor plan, and for every other one
 * the estate.
 */
export function demoPicturesFor(index: number, sets: DemoPictureSet[]): DemoPicture[] {
  if (sets.length === 0 || index % 4 === 3) return [];
  const { indoor, plan, estate } = sets[index % sets.length]!;
  // The cover is the living room or a bedroom.
  const views = Array.from(
    { length: 2 + (index % 3) },
    (_, step) => indoor[((index % 2) + step) % indoor.length]!,
  );
  return [...views, plan, ...(index % 2 === 0 ? [estate] : [])];
}
