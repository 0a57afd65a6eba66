import { readFileSync } from 'node:fs';
import { packageManifest } from '../paths.js';

export const version: string = (JSON.parse(readFileSync(packageManifest, 'utf8')) as { version: string }).version;
