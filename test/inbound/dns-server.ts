// A DNS server on loopback for sender-authentication tests (dns2, UDP): it answers TXT questions
// from the records the test gives and NXDOMAIN for every other name, so mailauth's DKIM, SPF and
// DMARC look-ups (through DOCEX_DNS_SERVERS) never leave the machine.
import dns2 from 'dns2';

export interface TestDns {
  /** ip:port, as DOCEX_DNS_SERVERS takes it */
  server: string;
  /** TXT records by lowercase name; a test may change them between messages */
  txt: Map<string, string[]>;
  close(): Promise<void>;
}

/** TXT strings longer than 255 octets are split into character-strings (RFC 1035 3.3.14). */
const chunks = (s: string): string[] => s.match(/.{1,255}/gs) ?? [''];

export async function startDns(records: Record<string, string[]>): Promise<TestDns> {
  const txt = new Map(Object.entries(records).map(([k, v]) => [k.toLowerCase(), v]));
  const { Packet } = dns2;
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const q = request.questions[0];
      const name = (q?.name ?? '').toLowerCase().replace(/\.$/, '');
      const values = q?.type === Packet.TYPE.TXT ? txt.get(name) : undefined;
      if (values === undefined) {
        // a name the test did not publish (or another type): no such record
        response.header.rcode = txt.has(name) ? 0 : 3;
      } else {
        for (const v of values) {
          response.answers.push({
            name: q?.name ?? name,
            type: Packet.TYPE.TXT,
            class: Packet.CLASS.IN,
            ttl: 60,
            data: chunks(v),
          } as never);
        }
      }
      send(response);
    },
  });
  const addrs = await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  const port = (addrs as { udp?: { port: number } }).udp?.port;
  if (!port) throw new Error('the test DNS server did not bind');
  return { server: `127.0.0.1:${port}`, txt, close: () => server.close() as Promise<void> };
}
