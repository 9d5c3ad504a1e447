/**
 * Whether a listening address is loopback — reachable only from this machine: `localhost`,
 * 127.0.0.0/8 and `::1`, in any spelling the WHATWG URL parser accepts (`0:0:0:0:0:0:0:1`,
 * `::ffff:127.0.0.1`, `127.1`). The unspecified addresses (`0.0.0.0`, `::`) listen on every
 * interface and are not loopback.
 */
export function isLoopbackAddress(address: string): boolean {
  let host: string;
  try {
    host = new URL(`http://${address.includes(':') ? `[${address}]` : address}/`).hostname;
  } catch {
    return false;
  }
  return (
    host === 'localhost' ||
    host === '[::1]' ||
    /^127\.\d+\.\d+\.\d+$/.test(host) ||
    // IPv4-mapped 127.0.0.0/8: the URL parser writes it `[::ffff:7fXX:XXXX]`.
    /^\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\]$/.test(host)
  );
}
