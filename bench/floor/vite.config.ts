// The floor app of bench/browser.ts: React and MUI alone.
import { yardstickConfig } from '../yardstick-vite';

export default yardstickConfig(new URL('.', import.meta.url));
