// Where a webhook may deliver (issue 42): public HTTPS addresses only. A host that resolves to a loopback, private,
// link-local, shared, multicast or cloud-metadata address is refused, at subscription and again at every delivery; the
// delivery connects to the very address that was checked (no second lookup a rebinding DNS server could answer
// differently). WEBHOOKS_ALLOW_PRIVATE_ADDRESSES switches the check off (and allows http) for local testing.
import dns from 'node:dns/promises';
import net from 'node:net';
import type { Config } from '../../config.ts';

const blocked = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(network, prefix, 'ipv6');

/** Loopback, private, link-local (metadata 169.254.169.254 among them), shared, documentation or multicast. */
export function isNonPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return blocked.check(mapped[1], 'ipv4');
  const family = net.isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) return blocked.check(address, 'ipv6');
  return true;
}

type Checked = { url: URL; address: string; family: number };

/** Why the address may not be used (a sentence for the url field), or the URL with the address to connect to. */
export async function checkWebhookAddress(
  config: Pick<Config, 'webhooksAllowPrivateAddresses'>,
  text: string,
): Promise<{ ok: true; checked: Checked } | { ok: false; problem: string }> {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, problem: 'Must be a full web address such as https://example.com/hooks.' };
  }
  const allowPrivate = config.webhooksAllowPrivateAddresses;
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:'))
    return { ok: false, problem: 'Must be an https:// address.' };
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let resolved: { address: string; family: number }[];
  try {
    resolved = net.isIP(host) ? [{ address: host, family: net.isIP(host) }] : await dns.lookup(host, { all: true });
  } catch {
    return { ok: false, problem: 'The address\u2019s host name could not be found.' };
  }
  if (resolved.length === 0) return { ok: false, problem: 'The address\u2019s host name could not be found.' };
  if (!allowPrivate && resolved.some((entry) => isNonPublicAddress(entry.address)))
    return {
      ok: false,
      problem: 'Must be a public address: this one leads to a loopback, private, link-local or metadata address.',
    };
  return { ok: true, checked: { url, address: resolved[0].address, family: resolved[0].family } };
}
