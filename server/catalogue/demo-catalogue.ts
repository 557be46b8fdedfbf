import type { Catalogue } from './catalogue-repository';

/**
 * The firmware catalogue seeded into an empty database: the six Antminer series of the spec, their models,
 * the control boards ("platforms") each series ships with, and the ways firmware can be installed.
 *
 * Exactly one model is blocked, T17, so the blocked flag has something to show: it is an early x17 model
 * whose boards we no longer build for. No series is blocked.
 */

const PLATFORMS = [
  { name: 'amlogic', description: 'Amlogic A113D control board' },
  { name: 'beaglebone', description: 'BeagleBone Black (AM335x) control board' },
  { name: 'cvitek', description: 'CVITEK CV1835 control board' },
  { name: 'xilinx', description: 'Xilinx Zynq-7007S (C9) control board' },
  { name: 'zynq', description: 'Zynq-7010 control board of T2T controllers' },
];

const INSTALL_TYPES = [{ name: 'nand' }, { name: 'sd' }, { name: 'upgrade' }];

const MODELS_BY_SERIES: Record<string, string[]> = {
  x19: ['S19', 'S19 Pro', 'S19j', 'S19j Pro', 'S19k Pro', 'S19 XP', 'T19'],
  x21: ['S21', 'S21 Pro', 'S21 XP', 'T21'],
  l9: ['L9'],
  l7: ['L7'],
  x17: ['S17', 'S17 Pro', 'S17+', 'T17', 'T17+'],
  t2t: ['T2T', 'T2TH'],
};

const BLOCKED_MODELS = new Set(['T17']);

/** The L series mine Litecoin (scrypt), the others Bitcoin (SHA-256). */
const LTC_SERIES = new Set(['l7', 'l9']);

/** Control boards per series, and which install types each board supports. */
const BOARDS_BY_SERIES: Record<string, string[]> = {
  x19: ['amlogic', 'beaglebone', 'cvitek', 'xilinx'],
  x21: ['amlogic', 'cvitek'],
  l9: ['cvitek'],
  l7: ['amlogic', 'beaglebone', 'xilinx'],
  x17: ['amlogic', 'beaglebone', 'xilinx'],
  t2t: ['zynq'],
};

// cvitek boards boot from eMMC: no NAND image; everything else takes all three.
const INSTALLS_BY_BOARD: Record<string, string[]> = {
  amlogic: ['nand', 'sd', 'upgrade'],
  beaglebone: ['nand', 'sd', 'upgrade'],
  cvitek: ['sd', 'upgrade'],
  xilinx: ['nand', 'sd', 'upgrade'],
  zynq: ['sd', 'upgrade'],
};

export function demoCatalogue(): Catalogue {
  const seriesNames = Object.keys(MODELS_BY_SERIES);
  const models = seriesNames.flatMap((series) =>
    MODELS_BY_SERIES[series].map((name) => ({ name, series, is_blocked: BLOCKED_MODELS.has(name) })),
  );
  const combinations = models.flatMap((model) =>
    BOARDS_BY_SERIES[model.series].flatMap((platform) =>
      INSTALLS_BY_BOARD[platform].map((install_type) => ({ model: model.name, platform, install_type })),
    ),
  );
  return {
    series: seriesNames.map((name) => ({
      name,
      is_blocked: false,
      coin: LTC_SERIES.has(name) ? 'LTC' : 'BTC',
    })),
    models,
    platforms: PLATFORMS,
    installTypes: INSTALL_TYPES,
    combinations,
  };
}
