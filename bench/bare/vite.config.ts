// The bare react-admin app of bench/browser.ts.
import { yardstickConfig } from '../yardstick-vite';

export default yardstickConfig(new URL('.', import.meta.url));
