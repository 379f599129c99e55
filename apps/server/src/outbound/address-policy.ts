import ipaddr from "ipaddr.js";

/** Global unicast IPv6 (2000::/3): everything the server may reach over IPv6 lies inside it. */
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR("2000::/3");

/**
 * Why the outbound guard will not connect to `address`, or undefined when it may: only public
 * unicast addresses pass. Refused: private (10/8, 172.16/12, 192.168/16, fc00::/7), loopback
 * (127/8, ::1), link-local (169.254/16 with the cloud metadata address 169.254.169.254,
 * fe80::/10), carrier-grade NAT (100.64/10), 0.0.0.0/8, broadcast, multicast, and the reserved,
 * documentation and benchmarking ranges — every range ipaddr.js names but `unicast`. An
 * IPv4-mapped IPv6 address (::ffff:10.0.0.1) is judged as the IPv4 address it carries; IPv6
 * outside 2000::/3 (IPv4-compatible ::a.b.c.d, site-local…) and the tunnelling and translation
 * prefixes that embed an IPv4 address (6to4, Teredo, NAT64) are refused too, since what they
 * reach cannot be told from the address alone.
 *
 * `allowLoopback` lets 127/8 and ::1 through, for tests only (OUTBOUND_ALLOW_LOOPBACK).
 */
export function addressRefusal(address: string, allowLoopback = false): string | undefined {
  if (!ipaddr.isValid(address)) return "not an IP address";
  // process() turns an IPv4-mapped IPv6 address into its IPv4 address.
  const ip = ipaddr.process(address);
  const range = ip.range();
  if (range === "loopback") return allowLoopback ? undefined : "a loopback address";
  if (range !== "unicast") return RANGE_NAMES[range] ?? `a ${range} address`;
  if (ip instanceof ipaddr.IPv6 && !ip.match(GLOBAL_UNICAST_V6)) return "a reserved IPv6 address";
  return undefined;
}

const RANGE_NAMES: Partial<Record<string, string>> = {
  private: "a private address",
  uniqueLocal: "a private address",
  linkLocal: "a link-local address",
  carrierGradeNat: "a carrier-grade NAT address",
  unspecified: "an unspecified address",
  broadcast: "a broadcast address",
  multicast: "a multicast address",
  reserved: "a reserved address",
};
