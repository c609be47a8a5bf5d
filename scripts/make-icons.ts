// Writes the default favicon and install icons into public/ (run once; the files are committed).
import { writeFileSync } from 'node:fs';
import { logoPng } from '../server/src/images/png';

const blue: [number, number, number] = [11, 74, 139];
const white: [number, number, number] = [255, 255, 255];
writeFileSync('public/favicon.png', logoPng(64, blue, white));
writeFileSync('public/icon-192.png', logoPng(192, blue, white));
writeFileSync('public/icon-512.png', logoPng(512, blue, white));
