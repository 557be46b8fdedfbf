// The packaging recipe the demo firmware repositories carry (build/recipe.json, its format in the README),
// with the templates it renders (Liquid, the language of `recipe: 2`) and the upgrade's install script: what the
// default builder follows.

const KiB = 1024;

/** Erase blocks of 128 KiB: the table in the first, each partition on a block boundary. */
const NAND_PARTITIONS = [
  { name: 'boot', offset: 128 * KiB, size: 128 * KiB, file: 'boot/uEnv.txt' },
  { name: 'rootfs', offset: 256 * KiB, size: 6144 * KiB, tar: ['.'], exclude: ['boot', 'etc', 'root'] },
  { name: 'config', offset: 6400 * KiB, size: 256 * KiB, tar: ['etc', 'root'] },
  { name: 'data', offset: 6656 * KiB, size: 512 * KiB },
];

export const DEMO_RECIPE = {
  recipe: 2,
  rootfs: [
    { repository: '.', exclude: ['build', 'README.md'] },
    { repository: 'web-ui', include: ['www'] },
  ],
  templates: [
    { template: 'build/templates/miner.conf', target: 'etc/miner.conf', mode: '0644' },
    {
      template: 'build/templates/authorized_keys',
      target: 'root/.ssh/authorized_keys',
      mode: '0600',
      when: 'ssh_keys',
    },
    { template: 'build/templates/license.json', target: 'etc/license.json', when: 'license' },
    { template: 'build/templates/branding.json', target: 'www/branding.json', when: 'logo' },
  ],
  logos: { light: 'www/img/logo-light.{ext}', dark: 'www/img/logo-dark.{ext}' },
  outputs: {
    upgrade: { type: 'upgrade', install_script: 'build/install.sh' },
    sd: { type: 'fat', image: 'sdcard.img', fat: 16, size_mib: 16, label: 'MINER-SD' },
    nand: {
      type: 'partitions',
      image: 'nand.img',
      magic: 'MINERNND',
      header_size: 4096,
      partitions: NAND_PARTITIONS,
    },
  },
};

/** The miner's own configuration: `key = value` lines, pools as JSON lists, as the firmware reads it. */
function minerConf(name: string, version: string, autotune: string): string {
  return [
    `# ${name} ${version}: {{ build.model }} on {{ build.platform }}, built for {{ build.install_type }}`,
    'pools = {{ pools | json }}',
    'fee_pools = {{ fee_pools | json }}',
    'devfee = {{ devfee | json }}',
    'refund = {{ refund | json }}',
    'total_fee = {{ total_fee }}',
    'fan_mode = auto',
    `autotune = ${autotune}`,
    'license = {{ license.name | default: "none" }}',
    'options = {{ options | json }}',
    '',
  ].join('\n');
}

const INSTALL_SH = `#!/bin/sh
# Installs this upgrade on a running miner: the new root file system over the old one, then a reboot.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
[ -f "$here/rootfs/etc/miner.conf" ] || { echo "rootfs/etc/miner.conf missing: not an upgrade archive" >&2; exit 1; }
cp -a "$here/rootfs/." /
sync
echo "Upgrade installed, rebooting"
reboot
`;

/** The files of a demo firmware repository that make it buildable by recipe. */
export function demoRecipeFiles(name: string, version: string, autotune: string): Record<string, string> {
  return {
    'build/recipe.json': `${JSON.stringify(DEMO_RECIPE, null, 2)}\n`,
    'build/templates/miner.conf': minerConf(name, version, autotune),
    'build/templates/authorized_keys': '{% for ssh_key in ssh_keys %}{{ ssh_key.key }}\n{% endfor %}',
    'build/templates/license.json': '{{ license | json }}\n',
    'build/templates/branding.json':
      '{"logo_light": "/img/{{ logo.light_name }}", "logo_dark": "/img/{{ logo.dark_name }}"}\n',
    'build/install.sh': INSTALL_SH,
    'boot/uEnv.txt': `bootargs=console=ttyS0,115200 root=ubi0:rootfs\nversion=${version}\n`,
  };
}
