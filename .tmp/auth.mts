import { authenticate } from 'mailauth';
import { Resolver } from 'node:dns/promises';
import { startDns } from '/work/wt/h39-auth/test/inbound/dns-server.ts';
const d = await startDns({ 'spf.example': ['v=spf1 ip4:127.0.0.1 -all'], '_dmarc.spf.example': ['v=DMARC1; p=none'] });
const r = new Resolver({ timeout: 4000, tries: 2 }); r.setServers([d.server]);
const raw = 'From: billing@spf.example\r\nTo: x@inbound.docex.test\r\nSubject: x\r\nMessage-ID: <a@spf.example>\r\n\r\nhi\r\n';
const t = Date.now();
const res = await authenticate(Buffer.from(raw), { ip: '127.0.0.1', helo: 'localhost', sender: 'billing@spf.example', mta: 'x', disableArc: true, disableBimi: true,
  resolver: async (n: string, rr: string) => { const s = Date.now(); try { return await r.resolve(n, rr) as string[][]; } finally { console.log('q', n, rr, Date.now() - s); } } });
console.log(Date.now() - t, JSON.stringify({ dkim: res.dkim.results, spf: res.spf, dmarc: res.dmarc }, null, 1).slice(0, 3000));
await d.close();
