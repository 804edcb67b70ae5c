/** English, the catalogue's own language: its chunk puts the English texts back over a locale's. */
import { localeChunk } from './apply.js';

export const { show } = localeChunk('en');
